// The lab: a course of lessons (/lab/minimax … /lab/threats), each a short text and a live
// experiment the server runs with ply's own searches; and the free lab (/lab), where a
// small position is searched by plain minimax and by alpha-beta side by side, the trees
// drawn with the cut-off branches greyed, a stepper through each search, and the positions
// visited by minimax, alpha-beta, alpha-beta with ordering and with the table.

import { api } from './api.js';
import { h, replace, number } from './dom.js';
import { t } from './i18n.js';
import { titleOf, errorText } from './words.js';
import { createTreeView } from './tree.js';
import { scoreText } from './log.js';
import { optionFields, readOptions } from './options.js';
import { LESSONS, courseNav, mountLesson } from './lessons.js';

// Suggested positions: the seed tutorial's tic-tac-toe example, else the start.
const PRESETS = { tictactoe: [['x2/1o1/2x o', 6], ['', 9]] };

export function mount(root, match, query) {
  const lesson = match && match[0];
  if (lesson && LESSONS.includes(lesson)) return mountLesson(root, lesson, query);
  const form = h('form', { class: 'panel lab-form' });
  const results = h('div', { class: 'lab-results', 'aria-live': 'polite' });
  root.append(h('section', { class: 'lab' },
    courseNav(null),
    h('div', { class: 'hero small' }, h('h1', { text: t('lab.title') }), h('p', { class: 'lead', text: t('lab.lead') })),
    form, results));
  let catalog = [];
  let views = [];

  api('GET', '/api/catalog').then((data) => {
    catalog = data.games.filter((g) => g.available);
    const wanted = query.get('game');
    const game = catalog.find((g) => g.name === wanted) || catalog[0];
    if (!game) return;
    renderForm(game.name, query.get('position'), query.get('depth'));
    if (query.get('run') === '1') form.requestSubmit();
  });

  function renderForm(name, position, depth) {
    const g = catalog.find((x) => x.name === name);
    const preset = PRESETS[name] ? PRESETS[name][0] : ['', 2];
    const gameSelect = h('select', { name: 'game', id: 'lab-game' }, catalog.map((x) => h('option', { value: x.name, selected: x.name === name, text: titleOf(x.name, x.titles) })));
    gameSelect.addEventListener('change', () => renderForm(gameSelect.value, null, null));
    const positionInput = h('input', { name: 'position', id: 'lab-position', value: position ?? preset[0], placeholder: g.start_position || '', spellcheck: 'false', autocomplete: 'off' });
    const presets = (PRESETS[name] || []).map(([text, d]) => h('button', { type: 'button', class: 'btn small ghost', onclick: () => { positionInput.value = text; depthInput.value = d; },
      text: text ? text : t('lab.empty') }));
    const depthInput = h('input', { type: 'number', name: 'depth', id: 'lab-depth', min: 1, max: 12, value: depth || preset[1], required: true });
    const level = h('select', { name: 'level', id: 'lab-level' }, ['classic', 'strong'].map((v) => h('option', { value: v, text: t(`level.${v}`) })));
    // Option values from the link (a game's page links here with its options); small boards by default.
    const given = Object.fromEntries((g.options || []).map((o) => [o.name, query.get(o.name) ?? undefined]));
    const options = optionFields(g.options, given, 9);
    const field = (label, control, id) => h('label', { class: 'field', for: id }, h('span', { class: 'field-label', text: label }), control);
    replace(form,
      h('div', { class: 'fields row' },
        field(t('lab.game'), gameSelect, 'lab-game'),
        options,
        field(t('lab.depth'), depthInput, 'lab-depth'),
        field(t('lab.level'), level, 'lab-level')),
      h('div', { class: 'fields' }, field(t('lab.position'), positionInput, 'lab-position'), presets.length ? h('div', { class: 'presets' }, h('span', { class: 'muted', text: t('lab.presets') }), presets) : null),
      h('div', { class: 'actions' }, h('button', { class: 'btn primary', type: 'submit', 'data-action': 'run', text: t('lab.run') }), h('span', { class: 'muted', text: t('lab.caps') })));
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const body = { game: data.get('game'), depth: Number(data.get('depth')), level: data.get('level'), position: data.get('position') || null };
    const g = catalog.find((x) => x.name === body.game);
    body.options = readOptions(form, g ? g.options : []);
    for (const view of views) view.stop();
    views = [];
    replace(results, h('p', { class: 'thinking on' }, h('span', { class: 'spinner' }), t('lab.running')));
    try {
      const answer = await api('POST', '/api/lab', body);
      show(answer);
    } catch (error) {
      replace(results, h('p', { class: 'error', role: 'alert', text: errorText(error) }));
    }
  });

  function show(answer) {
    const r = answer.report;
    const rows = [
      ['minimax', r.minimax.nodes, number(r.minimax.value), r.minimax.pv.join(' '), r.minimax.time_ms],
      ['alphabeta', r.alphabeta.nodes, number(r.alphabeta.value), r.alphabeta.pv.join(' '), r.alphabeta.time_ms],
      ['ordered', r.ordered.nodes, scoreText(r.ordered.score), r.ordered.best || '', r.ordered.time_ms],
      ['table', r.table.nodes, scoreText(r.table.score), r.table.best || '', r.table.time_ms],
    ];
    const most = Math.max(...rows.map((row) => row[1]), 1);
    const counts = h('table', { class: 'table counts' },
      h('thead', {}, h('tr', {}, ['search', 'nodes', 'value', 'line', 'time'].map((c) => h('th', { text: t(`lab.col.${c}`) })))),
      h('tbody', {}, rows.map(([key, nodes, value, line, ms]) => h('tr', { 'data-search': key },
        h('th', { scope: 'row' }, h('span', { text: t(`lab.search.${key}`) }), h('small', { class: 'muted', text: t(`lab.explain.${key}`) })),
        h('td', { class: 'num', 'data-label': t('lab.col.nodes') }, h('span', { class: 'count', text: number(nodes) }),
          h('span', { class: 'bar', style: `width:${Math.max(2, (Math.log10(nodes + 1) / Math.log10(most + 1)) * 100)}%` })),
        h('td', { 'data-label': t('lab.col.value'), text: value }),
        h('td', { class: 'line', 'data-label': t('lab.col.line'), text: line }),
        h('td', { 'data-label': t('lab.col.time'), text: `${number(ms)} ms` })))));
    const saved = r.minimax.nodes ? Math.round((1 - r.alphabeta.nodes / r.minimax.nodes) * 100) : 0;
    const minimaxView = createTreeView(r.minimax, t('lab.search.minimax'), { window: false });
    const alphabetaView = createTreeView(r.alphabeta, t('lab.search.alphabeta'), { window: true });
    views = [minimaxView, alphabetaView];
    replace(results,
      h('section', { class: 'panel' }, h('h2', { text: t('lab.counts', { depth: r.depth }) }), counts,
        h('p', { class: 'muted', text: t('lab.saved', { pct: saved, moves: answer.legal_moves }) })),
      h('div', { class: 'trees' },
        h('section', { class: 'panel tree-panel', 'data-tree': 'minimax' }, h('h2', { text: t('lab.search.minimax') }), minimaxView.element),
        h('section', { class: 'panel tree-panel', 'data-tree': 'alphabeta' }, h('h2', { text: t('lab.search.alphabeta') }), alphabetaView.element)),
      h('p', { class: 'legend muted' }, t('lab.legend')));
  }

  return { leave() { for (const view of views) view.stop(); } };
}
