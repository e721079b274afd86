// Past games: resume one in progress, review a finished one move by move, export, forget.

import { api } from './api.js';
import { h, replace, number } from './dom.js';
import { t } from './i18n.js';
import { titleOf, resultOf, errorText } from './words.js';
import { importPanel } from './import.js';
import { levelName } from './levels.js';

const PAGE = 25;

export function mount(root) {
  const list = h('div', { class: 'games-list' });
  const pager = h('div', { class: 'pager' });
  root.append(h('section', { class: 'panel games' }, h('h1', { text: t('games.title') }), list, pager), importPanel());
  let offset = 0;

  async function load() {
    try {
      const data = await api('GET', `/api/games?limit=${PAGE}&offset=${offset}`);
      render(data);
    } catch (error) {
      replace(list, h('p', { class: 'error', text: errorText(error) }));
    }
  }

  function when(seconds) {
    return new Date(seconds * 1000).toLocaleString(t('locale'), { dateStyle: 'medium', timeStyle: 'short' });
  }

  function players(g) {
    const seat = (s) => (s === 'human' ? t('play.human') : t('play.computer', { level: levelName(g.players.level) }));
    return `${seat(g.players.first)} – ${seat(g.players.second)}`;
  }

  function render(data) {
    if (!data.games.length) {
      replace(list, h('p', { class: 'muted', text: t('games.none') }), h('a', { class: 'btn primary', href: '/', 'data-link': true, text: t('games.start') }));
      replace(pager);
      return;
    }
    replace(list, h('table', { class: 'table' },
      h('thead', {}, h('tr', {}, ['game', 'players', 'moves', 'result', 'updated', 'actions'].map((c) => h('th', { text: t(`games.col.${c}`) })))),
      h('tbody', {}, data.games.map((g) => h('tr', { 'data-id': g.id },
        h('td', {}, h('strong', { text: titleOf(g.game, g.names, g.options) }), h('span', { class: 'muted', text: ` ${g.id.slice(0, 8)}` })),
        h('td', { text: players(g) }),
        h('td', { 'data-label': t('games.col.moves'), text: number(g.moves) }),
        h('td', { text: g.status === 'ongoing' ? t('games.ongoing') : (g.result ? resultOf(g.side_names, g.result.winner, g.result.reason) : g.summary) }),
        h('td', { class: 'updated', text: when(g.updated_at) }),
        h('td', { class: 'row-actions' },
          h('a', { class: 'btn small primary', href: `/play/${g.id}`, 'data-link': true, text: g.status === 'ongoing' ? t('games.resume') : t('games.review') }),
          h('a', { class: 'btn small ghost', href: `/api/games/${g.id}/export`, download: '', text: t('play.export') }),
          h('button', { class: 'btn small ghost danger', type: 'button', onclick: () => forget(g.id), text: t('games.delete') })))))));
    const pages = [];
    if (offset > 0) pages.push(h('button', { class: 'btn small', type: 'button', onclick: () => { offset = Math.max(0, offset - PAGE); load(); }, text: t('games.newer') }));
    pages.push(h('span', { class: 'muted', text: t('games.range', { from: number(offset + 1), to: number(offset + data.games.length), total: number(data.total) }) }));
    if (offset + PAGE < data.total) pages.push(h('button', { class: 'btn small', type: 'button', onclick: () => { offset += PAGE; load(); }, text: t('games.older') }));
    replace(pager, pages);
  }

  async function forget(id) {
    if (!window.confirm(t('games.deleteConfirm', { id }))) return;
    try { await api('DELETE', `/api/games/${id}`); load(); } catch (error) { window.alert(errorText(error)); }
  }

  load();
}
