// The home page: choose a game (and its options, as the catalogue gives them from the
// game's spec, and optionally a start position), your side, the computer's level and time
// per move; then play. Games in progress are listed to resume.

import { api } from './api.js';
import { h, replace, number } from './dom.js';
import { t, tn, sideName } from './i18n.js';
import { titleOf } from './words.js';
import { navigate } from './app.js';
import { drawBoard } from './board.js';
import { optionFields, readOptions } from './options.js';
import { clockField, readClock } from './clock.js';
import { errorText } from './problems.js';
import { LEVELS, levelChoice, knownLevel } from './levels.js';

const PREFS = 'ply.newgame';

export function mount(root) {
  const prefs = JSON.parse(localStorage.getItem(PREFS) || '{}');
  const cards = h('div', { class: 'game-cards', role: 'radiogroup', 'aria-label': t('home.game') });
  const form = h('form', { class: 'panel setup' });
  const resume = h('section', { class: 'resume' });
  root.append(h('section', { class: 'home' },
    h('div', { class: 'hero' }, h('h1', { text: t('home.title') }), h('p', { class: 'lead', text: t('home.lead') })),
    cards, form, resume));

  let catalog = [];
  let chosen = null;

  api('GET', '/api/catalog').then((data) => {
    catalog = data.games;
    const first = catalog.find((g) => g.available && g.name === prefs.game) || catalog.find((g) => g.available);
    renderCards();
    if (first) choose(first.name);
  }).catch((error) => replace(cards, h('p', { class: 'error', text: errorText(error) })));

  api('GET', '/api/games?limit=6').then((data) => {
    const ongoing = data.games.filter((g) => g.status === 'ongoing');
    if (!ongoing.length) return;
    replace(resume, h('h2', { text: t('home.resume') }), h('ul', { class: 'resume-list' }, ongoing.map((g) =>
      h('li', {}, h('a', { href: `/play/${g.id}`, 'data-link': true, class: 'resume-item' },
        h('strong', { text: titleOf(g.game, g.names, g.options) }), h('span', { class: 'muted', text: tn('games.movesCount', g.moves, { n: number(g.moves) }) }))))),
      h('a', { href: '/games', 'data-link': true, text: t('home.allGames') }));
  }).catch(() => {});

  function renderCards() {
    replace(cards, catalog.map((g) => {
      const preview = g.available && g.board_kind ? previewBoard(g) : null;
      return h('button', {
        type: 'button', class: `game-card${g.name === chosen ? ' chosen' : ''}`, role: 'radio',
        'aria-checked': String(g.name === chosen), disabled: !g.available, 'data-game': g.name,
        onclick: () => choose(g.name),
      }, h('div', { class: 'card-art' }, preview), h('strong', { text: titleOf(g.name, g.titles) }),
      h('span', { class: 'muted', text: g.available ? t(`home.blurb.${g.board_kind}`) : t('home.soon') }));
    }));
  }

  function previewBoard(g) {
    // An empty board of the game's kind, small: the catalogue gives kind and start position only.
    const range = (g.options || []).find((o) => o.name === 'size' && o.type === 'range');
    const size = range ? Math.min(range.default, 9) : null;
    const dims = { cells: [3, 3], points: [size || 9, size || 9], checkered: [8, 8], river_and_palaces: [9, 10] }[g.board_kind] || [3, 3];
    const view = { files: dims[0], ranks: dims[1], kind: g.board_kind, cells: new Array(dims[0] * dims[1]).fill(null), file_labels: [], rank_labels: [], last_move: [], check: null };
    return drawBoard(view, { label: titleOf(g.name, g.titles) });
  }

  function choose(name) {
    chosen = name;
    renderCards();
    const g = catalog.find((x) => x.name === name);
    if (!g) return;
    const sides = g.side_names || ['first', 'second'];
    const field = (label, control) => h('label', { class: 'field' }, h('span', { class: 'field-label', text: label }), control);
    const saved = prefs.game === name && prefs.options ? prefs.options : {};
    const options = optionFields(g.options, saved);
    const position = h('input', { name: 'position', id: 'new-position', autocomplete: 'off', spellcheck: 'false', placeholder: g.start_position || '' });
    const positionField = h('details', { class: 'field position-field' },
      h('summary', { class: 'field-label', text: t('home.position') }),
      h('label', { for: 'new-position', class: 'muted small', text: t('home.positionHelp') }), position,
      h('a', { href: `/setup?game=${encodeURIComponent(name)}`, 'data-link': true, class: 'setup-link', 'data-action': 'open-setup', text: t('setup.open') }));
    const human = h('div', { class: 'segmented', role: 'radiogroup', 'aria-label': t('home.side') },
      ['first', 'second', 'both'].map((value) => h('label', {},
        h('input', { type: 'radio', name: 'human', value, checked: (prefs.human || 'first') === value }),
        h('span', { text: value === 'both' ? t('home.bothSides') : t('home.playAs', { side: sideName(sides, value) }) }))));
    const chosenLevel = knownLevel(prefs.level);
    const level = h('select', { name: 'level', id: 'new-level' },
      LEVELS.map((value) => h('option', { value, selected: value === chosenLevel, text: levelChoice(value) })));
    const times = [250, 500, 1000, 2000, 5000, 10000];
    const defaultTime = prefs.movetime_ms || g.default_movetime_ms || 1000;
    const time = h('select', { name: 'movetime_ms' }, times.map((ms) => h('option', { value: ms, selected: ms === defaultTime, text: t('home.seconds', { s: number(ms / 1000) }) })));
    const timeField = field(t('home.time'), time);
    const levelHelp = h('p', { class: 'muted help' });
    const syncLevel = () => {
      const value = level.value;
      timeField.hidden = value !== '8';
      levelHelp.textContent = t(value === 'classic' ? 'home.classicHelp' : 'home.ladderHelp');
    };
    replace(form,
      h('h2', { text: titleOf(g.name, g.titles) }),
      h('div', { class: 'fields' },
        options,
        h('fieldset', { class: 'field' }, h('legend', { class: 'field-label', text: t('home.side') }), human),
        h('div', { class: 'field' }, h('label', { class: 'field-label', for: 'new-level', text: t('home.level') }), level, levelHelp),
        timeField,
        clockField(prefs.clock || null),
        positionField),
      h('div', { class: 'actions' }, h('button', { class: 'btn primary big', type: 'submit', 'data-action': 'start', text: t('home.start') })),
      h('p', { class: 'error', role: 'alert' }));
    level.addEventListener('change', syncLevel);
    syncLevel();
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const body = {
      game: chosen,
      human: data.get('human') || 'first',
      level: data.get('level') || '8',
      movetime_ms: Number(data.get('movetime_ms') || 1000),
      clock: readClock(form),
    };
    const g = catalog.find((x) => x.name === chosen);
    body.options = readOptions(form, g ? g.options : []);
    localStorage.setItem(PREFS, JSON.stringify(body));
    const position = (data.get('position') || '').trim();
    if (position) body.position = position;
    try {
      if (position) {
        // Checked first, so an impossible position is an answer worded here, not a failed request.
        const check = await api('POST', '/api/setup/check', { game: chosen, options: body.options, position });
        if (!check.ok) {
          form.querySelector('.error').textContent = errorText({ message: check.error, problem: check.problem }, g && g.side_names);
          return;
        }
      }
      const created = await api('POST', '/api/games', body);
      navigate(`/play/${created.id}`);
    } catch (error) {
      form.querySelector('.error').textContent = errorText(error, g && g.side_names);
    }
  });
}
