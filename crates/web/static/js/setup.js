// The board editor (/setup?game=chess): place pieces from a palette (click a cell, or drag
// a piece from the palette or across the board), click a piece to take it off, clear the
// board or set the usual start, choose the side to move (and, in chess, castling rights,
// the en-passant square and Chess960; in caro the board size and rule). The FEN or board
// string is written live and checked by the game's own rules on the server (POST
// /api/setup/check), which names what is impossible; a pasted string loads into the
// editor. Then play it: against the computer on either side, or both sides by people
// (an analysis board with the hint and score tools).

import { api } from './api.js';
import { h, replace } from './dom.js';
import { t, sideName, gameTitle } from './i18n.js';
import { navigate } from './app.js';
import { drawBoard, pieceIcon } from './board.js';
import { optionFields, readOptions } from './options.js';
import { errorText } from './problems.js';

// What each board kind's palette holds, first player's pieces first (FEN letters, as the
// board view names them).
const PALETTES = {
  checkered: [['K', 'Q', 'R', 'B', 'N', 'P'], ['k', 'q', 'r', 'b', 'n', 'p']],
  river_and_palaces: [['K', 'A', 'B', 'N', 'R', 'C', 'P'], ['k', 'a', 'b', 'n', 'r', 'c', 'p']],
  points: [['x'], ['o']],
  cells: [['x'], ['o']],
};
const XIANGQI = { K: '帥', A: '仕', B: '相', N: '傌', R: '俥', C: '炮', P: '兵', k: '將', a: '士', b: '象', n: '馬', r: '車', c: '砲', p: '卒' };
const CHESS_NAMES = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };
const XIANGQI_NAMES = { k: 'general', a: 'advisor', b: 'elephant', n: 'horse', r: 'chariot', c: 'cannon', p: 'soldier' };
const ERASE = '';

export function mount(root, _match, query) {
  const section = h('section', { class: 'panel setup-editor' });
  root.append(section);
  let catalog = [];
  let game = null; // the catalogue entry
  let kind = 'checkered';
  let files = 8;
  let ranks = 8;
  let cells = [];
  let toMove = 'first';
  let tool = null; // a FEN letter, ERASE, or null
  let checkTimer = null;
  let checked = null; // the last answer: { position } or { error }
  let drag = null; // { from, piece } while a piece is dragged across the board
  let suppressClick = false;
  let sides = ['first', 'second'];

  const boardBox = h('div', { class: 'setup-board' });
  const palette = h('div', { class: 'setup-palette', role: 'toolbar', 'aria-label': t('setup.palette') });
  const optionsForm = h('form', { class: 'setup-options' });
  const sideBox = h('div', { class: 'segmented', role: 'radiogroup', 'aria-label': t('setup.toMove') });
  const chessBox = h('div', { class: 'setup-chess' });
  const positionInput = h('input', { id: 'setup-position', name: 'position', autocomplete: 'off', spellcheck: 'false', class: 'mono' });
  const message = h('p', { class: 'setup-message', role: 'status', 'aria-live': 'polite' });
  const computer = h('div', { class: 'segmented', role: 'radiogroup', 'aria-label': t('setup.computer') });
  const startButton = h('button', { class: 'btn primary big', type: 'button', 'data-action': 'setup-start', text: t('setup.start') });
  const startError = h('p', { class: 'error', role: 'alert' });

  api('GET', '/api/catalog').then((data) => {
    catalog = data.games.filter((g) => g.available);
    const wanted = query.get('game');
    const chosen = catalog.find((g) => g.name === wanted) || catalog.find((g) => g.name === 'chess') || catalog[0];
    if (chosen) choose(chosen.name, query.get('position') || '');
  }).catch((error) => replace(section, h('p', { class: 'error', text: error.message })));

  function choose(name, position) {
    game = catalog.find((g) => g.name === name);
    kind = game.board_kind;
    sides = game.side_names || ['first', 'second'];
    history.replaceState(null, '', `/setup?game=${encodeURIComponent(name)}`);
    const picker = h('div', { class: 'segmented', role: 'radiogroup', 'aria-label': t('home.game') },
      catalog.map((g) => h('label', {},
        h('input', { type: 'radio', name: 'setup-game', value: g.name, checked: g.name === name, onchange: () => choose(g.name, '') }),
        h('span', { text: gameTitle(g.name, g.title) }))));
    replace(optionsForm, optionFields(game.options, {}));
    optionsForm.onchange = (event) => {
      if (event.target.dataset.option === 'size') resize();
      else refresh();
    };
    replace(computer, ['none', 'second', 'first'].map((value) => h('label', {},
      h('input', { type: 'radio', name: 'setup-computer', value, checked: value === 'none' }),
      h('span', { text: value === 'none' ? t('setup.computerNone') : t('setup.computerPlays', { side: sideName(sides, value) }) }))));
    replace(section,
      h('h1', { text: t('setup.title') }),
      h('p', { class: 'muted', text: t('setup.lead') }),
      picker,
      h('div', { class: 'setup-layout' },
        boardBox,
        h('div', { class: 'setup-controls' },
          h('div', { class: 'field' }, h('span', { class: 'field-label', text: t('setup.palette') }), palette),
          h('div', { class: 'actions compact' },
            h('button', { class: 'btn', type: 'button', 'data-action': 'setup-clear', onclick: clear, text: t('setup.clear') }),
            h('button', { class: 'btn', type: 'button', 'data-action': 'setup-initial', onclick: initial, text: t('setup.initial') })),
          h('fieldset', { class: 'field' }, h('legend', { class: 'field-label', text: t('setup.toMove') }), sideBox),
          chessBox,
          optionsForm,
          h('label', { class: 'field', for: 'setup-position' }, h('span', { class: 'field-label', text: t('setup.position') }), positionInput),
          h('p', { class: 'muted small', text: t('setup.positionHelp') }),
          message,
          h('fieldset', { class: 'field' }, h('legend', { class: 'field-label', text: t('setup.computer') }), computer),
          h('div', { class: 'actions' }, startButton),
          startError)));
    renderSide();
    renderChess();
    renderPalette();
    dimensions();
    cells = new Array(files * ranks).fill(null);
    if (position) {
      positionInput.value = position;
      load(position);
    } else if (kind === 'checkered' || kind === 'river_and_palaces') {
      initial();
    } else {
      refresh();
    }
  }

  function dimensions() {
    if (kind === 'points') {
      const size = readOptions(optionsForm, game.options).size || 15;
      files = size; ranks = size;
    } else if (kind === 'checkered') { files = 8; ranks = 8; } else if (kind === 'river_and_palaces') { files = 9; ranks = 10; } else { files = 3; ranks = 3; }
  }

  function resize() {
    dimensions();
    cells = new Array(files * ranks).fill(null);
    refresh();
  }

  function renderSide() {
    replace(sideBox, ['first', 'second'].map((value) => h('label', {},
      h('input', { type: 'radio', name: 'setup-side', value, checked: value === toMove, onchange: () => { toMove = value; renderChess(); refresh(); } }),
      h('span', { text: sideName(sides, value) }))));
  }

  function renderChess() {
    if (kind !== 'checkered') { replace(chessBox); return; }
    const old = castling();
    const box = (letter, label) => h('label', { class: 'check' },
      h('input', { type: 'checkbox', name: `castle-${letter}`, 'data-castle': letter, checked: old.includes(letter), onchange: refresh }),
      h('span', { text: label }));
    const rank = toMove === 'first' ? 6 : 3;
    const ep = h('select', { name: 'en-passant', onchange: refresh },
      h('option', { value: '-', text: t('setup.none') }),
      'abcdefgh'.split('').map((file) => h('option', { value: `${file}${rank}`, text: `${file}${rank}` })));
    replace(chessBox,
      h('fieldset', { class: 'field' }, h('legend', { class: 'field-label', text: t('setup.castling') }),
        h('div', { class: 'checks' },
          box('K', t('setup.castle.K')), box('Q', t('setup.castle.Q')), box('k', t('setup.castle.k')), box('q', t('setup.castle.q')))),
      h('label', { class: 'field' }, h('span', { class: 'field-label', text: t('setup.enPassant') }), ep));
  }

  function castling() {
    return [...chessBox.querySelectorAll('[data-castle]')].filter((box) => box.checked).map((box) => box.dataset.castle).join('');
  }

  function pieceView(letter) {
    const stones = kind === 'points' || kind === 'cells';
    const first = stones ? letter === 'x' : letter === letter.toUpperCase();
    const side = first ? 'first' : 'second';
    const symbol = kind === 'river_and_palaces' ? XIANGQI[letter] : stones ? (first ? sides[0] : sides[1]).toUpperCase() : letter;
    return { side, kind: letter, symbol };
  }

  function pieceLabel(letter) {
    const stones = kind === 'points' || kind === 'cells';
    if (stones) return sideName(sides, letter === 'x' ? 'first' : 'second');
    const names = kind === 'river_and_palaces' ? XIANGQI_NAMES : CHESS_NAMES;
    const side = letter === letter.toUpperCase() ? 'first' : 'second';
    return `${sideName(sides, side)} ${t(`setup.piece.${names[letter.toLowerCase()]}`)}`;
  }

  function renderPalette() {
    const [firsts, seconds] = PALETTES[kind] || PALETTES.cells;
    if (tool === null || (tool !== ERASE && ![...firsts, ...seconds].includes(tool))) tool = firsts[0];
    const button = (letter) => {
      const art = letter === ERASE ? h('span', { class: 'erase', text: '✕' }) : pieceIcon({ kind }, pieceView(letter));
      return h('button', {
        type: 'button', class: `palette-piece${tool === letter ? ' chosen' : ''}`, draggable: letter === ERASE ? 'false' : 'true',
        'aria-pressed': String(tool === letter), 'data-piece': letter === ERASE ? 'erase' : letter,
        title: letter === ERASE ? t('setup.erase') : pieceLabel(letter), 'aria-label': letter === ERASE ? t('setup.erase') : pieceLabel(letter),
        onclick: () => { tool = letter; renderPalette(); },
        ondragstart: (event) => { tool = letter; event.dataTransfer.setData('text/plain', letter); event.dataTransfer.effectAllowed = 'copy'; },
      }, art);
    };
    replace(palette, h('div', { class: 'palette-row' }, firsts.map(button)), h('div', { class: 'palette-row' }, seconds.map(button), button(ERASE)));
  }

  function labels() {
    const letters = 'abcdefghijklmnopqrstuvwxy';
    const fileLabels = letters.slice(0, files).split('');
    const rankLabels = kind === 'river_and_palaces'
      ? Array.from({ length: ranks }, (_, i) => String(ranks - 1 - i))
      : Array.from({ length: ranks }, (_, i) => String(ranks - i));
    return { fileLabels, rankLabels };
  }

  function renderBoard() {
    const { fileLabels, rankLabels } = labels();
    const view = {
      files, ranks, kind, cells: cells.map((letter) => (letter ? pieceView(letter) : null)),
      file_labels: fileLabels, rank_labels: rankLabels, last_move: [], check: null, to_move: toMove,
    };
    const svg = drawBoard(view, { interactive: true, label: t('setup.boardLabel') });
    // The board draws its cells' hit areas; what a click means is the editor's own.
    svg.addEventListener('click', (event) => {
      const cell = cellAt(event);
      if (cell !== null) clicked(cell);
    });
    svg.addEventListener('pointerdown', (event) => {
      suppressClick = false; // a drag that ended elsewhere fired no click to swallow
      const cell = cellAt(event);
      if (cell !== null && cells[cell]) drag = { from: cell, piece: cells[cell] };
    });
    svg.addEventListener('pointerup', (event) => {
      const cell = cellAt(event);
      if (drag && cell !== null && cell !== drag.from) {
        cells[cell] = drag.piece;
        cells[drag.from] = null;
        suppressClick = true;
        refresh();
      }
      drag = null;
    });
    svg.addEventListener('dragover', (event) => { event.preventDefault(); event.dataTransfer.dropEffect = 'copy'; });
    svg.addEventListener('drop', (event) => {
      event.preventDefault();
      const letter = event.dataTransfer.getData('text/plain');
      const cell = cellAt(event);
      if (cell !== null && letter) { cells[cell] = letter; refresh(); }
    });
    replace(boardBox, svg);
  }

  function cellAt(event) {
    const target = document.elementFromPoint(event.clientX, event.clientY);
    const hit = target && target.closest('[data-cell]');
    return hit ? Number(hit.dataset.cell) : null;
  }

  function clicked(cell) {
    if (suppressClick) { suppressClick = false; return; }
    if (tool === ERASE || cells[cell] === tool) cells[cell] = null;
    else cells[cell] = tool;
    refresh();
  }

  function clear() {
    cells = new Array(files * ranks).fill(null);
    for (const box of chessBox.querySelectorAll('[data-castle]')) box.checked = false;
    refresh();
  }

  function initial() {
    check('', true);
  }

  /** The position string the editor shows: FEN for chess and xiangqi, a board string for stones. */
  function text() {
    const stones = kind === 'points' || kind === 'cells';
    const rows = [];
    for (let rank = 0; rank < ranks; rank += 1) {
      let row = '';
      let run = 0;
      for (let file = 0; file < files; file += 1) {
        const letter = cells[rank * files + file];
        if (!letter) { run += 1; continue; }
        if (run) { row += String(run); run = 0; }
        row += letter;
      }
      if (run) row += String(run);
      rows.push(row);
    }
    const placement = rows.join('/');
    if (stones) return `${placement} ${toMove === 'first' ? 'x' : 'o'}`;
    const side = toMove === 'first' ? 'w' : 'b';
    if (kind === 'checkered') {
      const ep = chessBox.querySelector('[name=en-passant]');
      return `${placement} ${side} ${castling() || '-'} ${ep ? ep.value : '-'} 0 1`;
    }
    return `${placement} ${side} - - 0 1`;
  }

  function refresh() {
    renderBoard();
    const position = text();
    positionInput.value = position;
    scheduleCheck(position);
  }

  function scheduleCheck(position) {
    clearTimeout(checkTimer);
    checkTimer = setTimeout(() => check(position, false), 120);
  }

  /** Asks the game's rules about `position`; `adopt` loads the answer's board into the editor. */
  async function check(position, adopt) {
    const asked = position;
    try {
      const answer = await api('POST', '/api/setup/check', { game: game.name, options: readOptions(optionsForm, game.options), position });
      if (!adopt && asked !== positionInput.value) return; // a newer edit is on its way
      if (!answer.ok) throw Object.assign(new Error(answer.error), { problem: answer.problem || null });
      checked = { position: answer.position };
      if (adopt) adoptBoard(answer);
      message.className = 'setup-message ok';
      message.textContent = t('setup.valid', { side: sideName(sides, answer.status.to_move || toMove) });
      startButton.disabled = false;
    } catch (error) {
      if (!adopt && asked !== positionInput.value) return;
      checked = { error };
      message.className = 'setup-message error';
      message.textContent = errorText(error, sides);
      startButton.disabled = true;
    }
  }

  function adoptBoard(answer) {
    const board = answer.board;
    files = board.files; ranks = board.ranks;
    cells = board.cells.map((piece) => (piece ? piece.kind : null));
    toMove = board.to_move || 'first';
    renderSide();
    renderChess();
    if (kind === 'checkered') {
      const fields = answer.position.split(/\s+/);
      const rights = fields[2] || '-';
      for (const box of chessBox.querySelectorAll('[data-castle]')) {
        const letter = box.dataset.castle;
        const upper = letter === letter.toUpperCase();
        // X-FEN and Shredder letters (a rook's file) count as the right on that wing.
        box.checked = rights.includes(letter) || [...rights].some((c) => /[a-hA-H]/.test(c) && (c === c.toUpperCase()) === upper
          && ((letter.toLowerCase() === 'k') === (c.toLowerCase() > kingFile(upper))));
      }
      const ep = chessBox.querySelector('[name=en-passant]');
      if (ep && fields[3] && fields[3] !== '-') ep.value = fields[3];
    }
    renderBoard();
    positionInput.value = answer.position;
  }

  function kingFile(white) {
    const rank = white ? 7 : 0;
    for (let file = 0; file < 8; file += 1) if (cells[rank * 8 + file] === (white ? 'K' : 'k')) return 'abcdefgh'[file];
    return 'e';
  }

  function load(position) {
    check(position, true);
  }

  positionInput.addEventListener('change', () => load(positionInput.value.trim()));

  startButton.addEventListener('click', async () => {
    if (!checked || !checked.position) return;
    const seat = section.querySelector('input[name=setup-computer]:checked')?.value || 'none';
    const human = seat === 'none' ? 'both' : seat === 'first' ? 'second' : 'first';
    startError.textContent = '';
    try {
      const created = await api('POST', '/api/games', {
        game: game.name, options: readOptions(optionsForm, game.options), position: checked.position, human,
      });
      navigate(`/play/${created.id}`);
    } catch (error) {
      startError.textContent = errorText(error, sides);
    }
  });

  return { leave() { clearTimeout(checkTimer); } };
}
