// The play page: the board, the players, the result banner, the actions (undo, redo,
// new game, flip, hint, resign, move now), the move list with review, and the search log
// streamed from the server while the computer thinks; an evaluation bar beside the board
// (evalbar.js), the game's analysis (review.js) and, in review, branches: a move tried on
// the board is answered by the engine, and "back to the game" returns to it. Pieces move by click or drag
// (drag.js), with animation, sound and an optional premove (settings.js); dense boards zoom.

import { api } from './api.js';
import { h, replace, decimal } from './dom.js';
import { drawBoard, pieceIcon, geometry, cellAt } from './board.js';
import { attachBoardInput } from './drag.js';
import { createZoom } from './zoom.js';
import { animateMove, reducedMotion } from './animate.js';
import { playSound, unlockSound } from './sound.js';
import { settings, openSettings } from './settings.js';
import { premoveFor, humanSide } from './premove.js';
import { t, sideName, reasonText } from './i18n.js';
import { titleOf, errorText, chosenNotation, chooseNotation, notationLabel, moveText } from './words.js';
import { createLog, scoreText } from './log.js';
import { navigate } from './app.js';
import { optionsQuery } from './options.js';
import { createClocks, controlName } from './clock.js';
import { levelName, timedLevel } from './levels.js';
import { createEvalBar } from './evalbar.js';
import { createReview } from './review.js';

export function mount(root, [id]) {
  const flipKey = `ply.flip.${id}`;
  const ctx = {
    state: null, selected: null, hint: null, cursor: null, review: null, reviewBoard: null,
    flipped: null, events: null, timer: null, busy: false, gone: false, notation: null,
    // A queued premove ({from, to}), a drop shown before the server answers ({from, to}),
    // and the geometry of the board on screen.
    premove: null, dropped: null, geometry: null,
    // True when this browser only watches the game (it belongs to the browser that started
    // it): the page then offers nothing that would change it.
    watching: false,
    // In review: the legal moves of the position shown, and a branch tried from it
    // ({ply, moves: [MoveView], board, legal, answer}); the side the latest search is for.
    reviewLegal: [], branch: null, thinkSide: null, thinkEngine: false,
  };

  const boardWrap = h('div', { class: 'board-wrap', tabindex: '0', 'aria-describedby': 'board-help' });
  const topPlayer = h('div', { class: 'player top' });
  const bottomPlayer = h('div', { class: 'player bottom' });
  const reviewBar = h('div', { class: 'review-bar' });
  // Why a click or a typed move was refused, in words (the server's or the rules' reason).
  const notice = h('p', { class: 'notice', id: 'play-notice', role: 'status', 'aria-live': 'polite' });
  const title = h('h1', { class: 'game-title' });
  const meta = h('p', { class: 'meta muted' });
  const banner = h('div', { class: 'banner', role: 'status', 'aria-live': 'polite' });
  const thinking = h('div', { class: 'thinking', 'aria-live': 'polite' });
  const toolbar = h('div', { class: 'toolbar', role: 'toolbar' });
  const moveInput = h('input', { id: 'move-input', name: 'move', autocomplete: 'off', spellcheck: 'false' });
  const moveForm = h('form', { class: 'move-form' }, h('label', { for: 'move-input', class: 'sr-only', text: t('play.type') }), moveInput,
    h('button', { class: 'btn', type: 'submit', text: t('play.play') }));
  const movesList = h('ol', { class: 'moves-list' });
  // The notation moves are shown and typed in, where the game offers a choice.
  const notationSelect = h('select', { id: 'notation', name: 'notation', onchange: () => {
    ctx.notation = notationSelect.value;
    if (ctx.state) chooseNotation(ctx.state.game, ctx.notation);
    render();
  } });
  const notationRow = h('label', { class: 'notation-row', for: 'notation' }, h('span', { text: t('notation.label') }), notationSelect);
  const toast = h('div', { class: 'toast', role: 'alert' });
  const links = h('div', { class: 'links' });
  let log = createLog(['', '']);
  const clocks = createClocks();
  const logBox = h('section', { class: 'log-panel' });
  const evalBar = createEvalBar();
  // Hidden from the first paint when the player hid it (not only once the state has come).
  evalBar.element.hidden = !settings().evalbar;
  const branchBox = h('div', { class: 'branch-info', 'aria-live': 'polite' });
  const reviewPanel = createReview({ id, seek: (ply) => review(ply), changed: () => render(), say });

  const zoom = createZoom(boardWrap, 100);
  const input = attachBoardInput(boardWrap, { locate, grab, tap, drop, ghost, centre, lift, over, cancel: cancelPremove, pan: zoom.pan, pinch: zoom.pinch });

  root.append(h('section', { class: 'play' },
    h('div', { class: 'board-col' }, topPlayer, h('div', { class: 'board-row' }, evalBar.element, boardWrap), bottomPlayer, zoom.controls, notice, reviewBar, branchBox,
      h('p', { id: 'board-help', class: 'sr-only', text: t('play.boardHelp') })),
    h('aside', { class: 'side-col' }, h('div', { class: 'title-row' }, title, meta), banner, thinking, toolbar, moveForm,
      h('h2', { class: 'small-title', text: t('play.moves') }), notationRow, movesList, reviewPanel.element, logBox, links)), toast);

  const buttons = {
    undo: button('undo', 'u', () => act('undo')),
    redo: button('redo', 'r', () => act('redo')),
    newGame: button('new', 'n', newGame),
    flip: button('flip', 'f', flip),
    hint: button('hint', 'h', () => act('hint')),
    movenow: button('movenow', 'm', () => act('stop')),
    analyze: button('analyze', 'a', () => act('analyze')),
    resign: button('resign', null, resign),
    settings: button('settings', null, () => openSettings((key, on) => { if (key === 'sound' && on) unlockSound(); render(); })),
  };
  replace(toolbar, Object.values(buttons));

  function button(name, key, handler) {
    return h('button', { class: `btn tool tool-${name}`, type: 'button', 'data-action': name, title: key ? `${t(`play.${name}`)} (${key})` : t(`play.${name}`), onclick: handler },
      h('span', { text: t(`play.${name}`) }), key ? h('kbd', { text: key }) : null);
  }

  function say(text) {
    notice.textContent = text || '';
    notice.classList.toggle('on', !!text);
  }

  function showError(error) {
    say(errorText(error));
  }

  async function act(action, body) {
    // One move at a time (a double click must not play twice); other actions go through.
    const moving = action === 'moves';
    if (moving && ctx.busy) return;
    if (moving) ctx.busy = true;
    try {
      const result = await api('POST', `/api/games/${id}/${action}`, body);
      if (result && result.board) update(result);
    } catch (error) {
      showError(error);
    } finally {
      if (moving) ctx.busy = false;
    }
  }

  // A typed move goes as text (the server reads it once); a clicked one as its id, with
  // the number of moves the page saw, so a move meant for another position is refused.
  async function play(name) {
    ctx.selected = null; ctx.hint = null;
    await act('moves', ctx.notation ? { move: name, notation: ctx.notation } : { move: name });
  }

  async function playMove(move) {
    if (ctx.review !== null) { await tryMove(move); return; }
    ctx.selected = null; ctx.hint = null;
    await act('moves', { id: move.id, ply: ctx.state.history.length });
    // A dropped piece not played (refused by the server) goes back where it was.
    if (ctx.dropped) { ctx.dropped = null; render(); }
  }

  async function newGame() {
    const s = ctx.state;
    if (!s) return;
    const human = s.players.first === 'human' && s.players.second === 'human' ? 'both' : (s.players.first === 'human' ? 'first' : 'second');
    try {
      const created = await api('POST', '/api/games', { game: s.game, options: s.options, human, level: s.players.level, movetime_ms: s.players.movetime_ms });
      navigate(`/play/${created.id}`);
    } catch (error) { showError(error); }
  }

  function flip() {
    ctx.flipped = !ctx.flipped;
    localStorage.setItem(flipKey, ctx.flipped ? '1' : '0');
    render();
  }

  async function resign() {
    if (!ctx.state || !window.confirm(t('play.resignConfirm'))) return;
    await act('resign');
  }

  async function review(ply) {
    const s = ctx.state;
    if (!s) return;
    const total = s.history.length;
    ctx.branch = null;
    if (ply === null || ply >= total) { ctx.review = null; ctx.reviewBoard = null; ctx.reviewLegal = []; reviewPanel.show(null); render(); return; }
    const target = Math.max(0, Math.min(total, ply));
    try {
      const data = await api('GET', `/api/games/${id}/position?ply=${target}`);
      ctx.review = target; ctx.reviewBoard = data.board; ctx.reviewLegal = data.legal || []; ctx.selected = null;
      reviewPanel.show(target);
      const judged = reviewPanel.evaluation(target);
      if (judged) evalBar.set(judged.score, judged.style, 'first', ctx.flipped);
      render();
    } catch (error) { showError(error); }
  }

  // A move tried in review: the branch goes on from the position shown, the engine answers,
  // and the game stays as it is.
  async function tryMove(move) {
    if (ctx.busy || ctx.review === null) return;
    ctx.busy = true;
    ctx.selected = null;
    const moves = (ctx.branch ? ctx.branch.moves : []).map((m) => m.name).concat([move.name]);
    try {
      const data = await api('POST', `/api/games/${id}/branch`, { ply: ctx.review, moves });
      ctx.branch = { ply: data.ply, moves: data.moves, board: data.board, legal: data.legal || [], answer: data.answer, status: data.status, style: data.score_style, side: data.side_to_move };
      if (data.answer) evalBar.set(data.answer.score, data.score_style, data.side_to_move, ctx.flipped);
      say('');
    } catch (error) { showError(error); } finally { ctx.busy = false; render(); }
  }

  function backToGame() {
    ctx.branch = null;
    render();
  }

  function legalNow() {
    if (ctx.review === null) return ctx.state ? ctx.state.legal : [];
    return ctx.branch ? ctx.branch.legal : ctx.reviewLegal;
  }

  function boardNow() {
    if (ctx.review === null) return ctx.state.board;
    return ctx.branch ? ctx.branch.board : ctx.reviewBoard;
  }

  function update(state) {
    // Answers and events may cross: keep the newest state.
    if (ctx.state && state.version < ctx.state.version) return;
    const first = !ctx.state;
    if (ctx.state && state.history.length !== ctx.state.history.length) { ctx.hint = null; say(''); }
    const change = moveChange(ctx.state, state);
    if (ctx.state && state.history.length !== ctx.state.history.length) ctx.dropped = null;
    // Taken back (undo): a premove queued for the old position no longer stands.
    if (ctx.state && state.history.length < ctx.state.history.length) ctx.premove = null;
    ctx.state = state;
    if ('yours' in state) ctx.watching = state.yours === false;
    reviewPanel.update(state);
    clocks.update(state, [sideName(state.side_names, 'first'), sideName(state.side_names, 'second')]);
    if (first) {
      const stored = localStorage.getItem(flipKey);
      // Seen from the person's side when the computer plays first, but only on boards with a
      // direction (chess, xiangqi): turning a symmetric grid only confuses.
      const oriented = state.board.kind === 'checkered' || state.board.kind === 'river_and_palaces';
      ctx.flipped = stored === null ? (oriented && state.players.first === 'computer' && state.players.second === 'human') : stored === '1';
      ctx.notation = chosenNotation(state.game, state.notations);
      const offered = state.notations || [];
      replace(notationSelect, offered.map((n) => h('option', { value: n.key, selected: n.key === ctx.notation, text: notationLabel(state.game, n.key) })));
      notationRow.hidden = offered.length < 2;
      log = createLog(state.side_names, state.score_style, () => ctx.notation);
      replace(logBox, h('h2', { class: 'small-title', text: t('play.log') }), log.element);
      if (state.last_think) log.add(state.last_think);
      evalBar.reset(ctx.flipped);
    }
    if (ctx.review !== null && ctx.review > state.history.length) { ctx.review = null; ctx.reviewBoard = null; ctx.branch = null; reviewPanel.show(null); }
    if (state.status.state === 'finished') ctx.premove = null;
    render();
    if (change) showChange(change);
    playPremove();
  }

  // The move a new state adds to the last one (one more move in the history), or null.
  function moveChange(before, after) {
    if (!before || after.history.length !== before.history.length + 1) return null;
    const cells = after.board.last_move || [];
    if (!cells.length) return null;
    const count = (board) => board.cells.filter(Boolean).length;
    const to = cells[cells.length - 1];
    const from = cells.length > 1 ? cells[0] : null;
    const dropped = !!ctx.dropped && ctx.dropped.from === from && ctx.dropped.to === to;
    return { from, to, capture: count(after.board) < count(before.board), dropped, ply: after.history.length };
  }

  // A new move on the board: it slides (unless the person dropped it there) and sounds.
  function showChange(change) {
    const prefs = settings();
    if (ctx.review !== null) return;
    const svg = boardWrap.querySelector('svg.board');
    if (svg && prefs.animation && !change.dropped && !reducedMotion() && animateMove(svg, ctx.geometry, change.from, change.to)) {
      boardWrap.dataset.animated = String(change.ply);
    }
    if (prefs.sound && playSound(change.capture ? 'capture' : 'move')) boardWrap.dataset.sounded = String(change.ply);
  }

  // ---- Premove: one move queued while the computer thinks, played when the turn comes ----

  function premoveMode() {
    const s = ctx.state;
    if (!s || ctx.watching || !settings().premove || ctx.review !== null || s.status.state === 'finished' || s.human_to_move) return false;
    return humanSide(s.players) !== null;
  }

  function playPremove() {
    const s = ctx.state;
    if (!ctx.premove || !s.human_to_move || (s.thinking && s.thinking.purpose === 'move') || s.status.state === 'finished') return;
    const move = premoveFor(s.legal, ctx.premove);
    ctx.premove = null;
    if (move) playMove(move);
    else render();
  }

  function cancelPremove() {
    ctx.premove = null; ctx.selected = null;
    render();
  }

  function premoveTap(cell, token) {
    const s = ctx.state;
    const side = humanSide(s.players);
    const placing = s.board.kind === 'cells' || s.board.kind === 'points';
    if (placing) {
      ctx.premove = !s.board.cells[cell] && !(ctx.premove && ctx.premove.to === cell) ? { from: null, to: cell } : null;
    } else {
      const piece = s.board.cells[cell];
      const own = piece && piece.side === side;
      if (own) {
        ctx.premove = null;
        ctx.selected = token && token.wasSelected ? null : cell;
      } else if (ctx.selected !== null && !ctx.premove) {
        ctx.premove = { from: ctx.selected, to: cell };
        ctx.selected = null;
      } else {
        ctx.premove = null; ctx.selected = null;
      }
    }
    render();
  }

  // ---- Pointer input (drag.js): the cell under the pointer, presses, taps and drops ----

  function liveSvg() { return boardWrap.querySelector('svg.board'); }

  function locate(clientX, clientY) {
    const svg = liveSvg();
    if (!svg || !ctx.geometry) return null;
    const matrix = svg.getScreenCTM();
    if (!matrix) return null;
    const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    return cellAt(ctx.geometry, point.x, point.y);
  }

  function centre(cell) {
    const svg = liveSvg();
    const matrix = svg && svg.getScreenCTM();
    if (!matrix || !ctx.geometry) return null;
    const { x, y } = ctx.geometry.centre(cell);
    const point = new DOMPoint(x, y).matrixTransform(matrix);
    return { x: point.x, y: point.y };
  }

  function interactiveNow() {
    const s = ctx.state;
    // In review any side may be tried (not by a watcher): the branch is the player's own analysis.
    if (s && ctx.review !== null) return !ctx.watching && !ctx.busy && legalNow().length > 0;
    return !!s && !ctx.watching && ctx.review === null && s.human_to_move && !(s.thinking && s.thinking.purpose === 'move');
  }

  // A press: on a piece that may move (or be premoved) it selects it and may become a drag.
  function grab(cell) {
    const s = ctx.state;
    if (settings().sound) unlockSound();
    if (!s) return null;
    const piece = s.board.cells[cell];
    if (premoveMode()) {
      if (s.board.kind === 'cells' || s.board.kind === 'points' || !piece || piece.side !== humanSide(s.players)) return null;
      const token = { wasSelected: ctx.selected === cell, premove: true };
      if (!token.wasSelected) { ctx.selected = cell; ctx.premove = null; render(); }
      return token;
    }
    if (!interactiveNow()) return null;
    if (ctx.selected !== null && ctx.selected !== cell && legalNow().some((m) => m.from === ctx.selected && m.to === cell)) return null;
    if (!movesFrom(cell).length) return null;
    const token = { wasSelected: ctx.selected === cell };
    if (!token.wasSelected) { ctx.selected = cell; say(''); render(); }
    return token;
  }

  function tap(cell, token, event) {
    if (token && !token.wasSelected) return; // selected by the press itself
    if (zoom.tapZooms(event)) { showInfo(t('zoom.tapped')); return; }
    hideInfo(); // the zoom's hint has done its work once the player taps again
    if (premoveMode()) premoveTap(cell, token);
    else onCell(cell);
  }

  function drop(from, to) {
    const s = ctx.state;
    if (premoveMode()) {
      ctx.selected = null;
      if (to !== null) ctx.premove = { from, to };
      render();
      return to !== null;
    }
    const moves = to === null ? [] : legalNow().filter((m) => m.from === from && m.to === to);
    if (!moves.length) {
      ctx.selected = null;
      render();
      return false;
    }
    if (ctx.review !== null) {
      if (moves.length === 1) tryMove(moves[0]);
      else chooseMove(moves);
      return true;
    }
    ctx.dropped = { from, to };
    render();
    if (moves.length === 1) playMove(moves[0]);
    else chooseMove(moves);
    return true;
  }

  function ghost(cell) {
    const view = boardNow();
    const element = pieceIcon(view, view.cells[cell]);
    const size = ctx.geometry ? (liveSvg().getBoundingClientRect().width * 100) / ctx.geometry.width : 48;
    return { element, size };
  }

  // The square under a carried piece is outlined, as on a real board's hover.
  function over(cell) {
    const svg = liveSvg();
    if (!svg) return;
    for (const old of svg.querySelectorAll('.hit.over')) old.classList.remove('over');
    const hit = cell === null ? null : svg.querySelector(`rect.hit[data-cell="${cell}"]`);
    if (hit) hit.classList.add('over');
  }

  function lift(cell, lifted) {
    const piece = liveSvg() && liveSvg().querySelector(`.piece[data-cell="${cell}"]`);
    if (piece) piece.classList.toggle('lifted', lifted);
  }

  // The board as the page shows it: with a dropped piece already on its new cell.
  function shownBoard(view) {
    if (!ctx.dropped || ctx.review !== null) return view;
    const cells = view.cells.slice();
    cells[ctx.dropped.to] = cells[ctx.dropped.from];
    cells[ctx.dropped.from] = null;
    return { ...view, cells, last_move: [ctx.dropped.from, ctx.dropped.to], check: null };
  }

  function movesFrom(cell) {
    return legalNow().filter((m) => m.from === cell);
  }

  function onCell(cell) {
    const s = ctx.state;
    if (!s || !interactiveNow()) return;
    const legal = legalNow();
    const board = boardNow();
    ctx.cursor = cell;
    if (ctx.premove) { ctx.premove = null; render(); }
    const placing = legal.filter((m) => m.from === null && m.to === cell);
    if (placing.length) { say(''); playMove(placing[0]); return; }
    // A refused cell says why: the rules' reason (a renju forbidden point), or that it is taken.
    const mark = ctx.review === null ? (s.marks || []).find((m) => m.cell === cell) : null;
    if (mark) { say(reasonText(mark.reason)); return; }
    const placingGame = legal.length > 0 && legal.every((m) => m.from === null);
    if (placingGame) { if (board.cells[cell]) say(t('play.taken', { cell: cellName(board, cell) })); return; }
    if (ctx.selected !== null) {
      // Clicking the selected piece again plays a move that leaves it where it is (a
      // Chess960 king castling in place); several moves between two cells are chosen from.
      const moves = legal.filter((m) => m.from === ctx.selected && m.to === cell);
      if (moves.length === 1) { playMove(moves[0]); return; }
      if (moves.length > 1) { chooseMove(moves); return; }
    }
    const piece = board.cells[cell];
    const movable = movesFrom(cell).length > 0;
    if (!movable && piece && piece.side === board.to_move) say(t('play.stuck', { cell: cellName(board, cell) }));
    else say('');
    ctx.selected = movable ? (ctx.selected === cell ? null : cell) : null;
    render();
  }

  function cellName(view, cell) {
    return `${view.file_labels[cell % view.files] || ''}${view.rank_labels[Math.floor(cell / view.files)] || ''}`;
  }

  // Several moves between the same two cells: promotions (shown as the pieces) or, in
  // Chess960, a king step and castling (shown as their names).
  function chooseMove(moves) {
    const s = ctx.state;
    const promoting = moves.every((m) => m.promotion);
    const heading = promoting ? t('play.promote') : t('play.choose');
    const dialog = h('dialog', { class: promoting ? 'dialog promotion' : 'dialog promotion choose', 'aria-label': heading });
    const close = () => { dialog.close(); dialog.remove(); };
    replace(dialog, h('h2', { text: heading }), h('div', { class: 'promotion-choices' },
      moves.map((m) => {
        const shown = moveText(m, ctx.notation);
        const piece = promoting ? t(`piece.${m.promotion}`) : shown;
        return h('button', { class: promoting ? 'promo' : 'btn', type: 'button', title: promoting ? `${piece} (${shown})` : shown, 'aria-label': promoting ? `${piece} (${shown})` : null, 'data-move': m.name, 'data-piece': m.promotion || null, onclick: () => { close(); playMove(m); } },
          promoting ? pieceIcon(boardNow(), { side: boardNow().to_move, kind: m.promotion, symbol: m.promotion }) : null,
          promoting ? h('span', { class: 'promo-name', text: piece }) : h('span', { text: shown }));
      })),
      h('button', { class: 'btn', type: 'button', onclick: () => { close(); ctx.selected = null; ctx.dropped = null; render(); }, text: t('common.cancel') }));
    dialog.addEventListener('cancel', () => { dialog.remove(); ctx.selected = null; ctx.dropped = null; render(); });
    document.body.append(dialog);
    dialog.showModal();
  }

  function playerLabel(side) {
    const s = ctx.state;
    const seat = s.players[side];
    const name = sideName(s.side_names, side);
    const who = seat === 'human' ? t(ctx.watching ? 'play.player' : 'play.human') : t('play.computer', { level: levelName(s.players.level) });
    const toMove = !s.status.state || s.status.state === 'ongoing' ? s.status.to_move === side : false;
    const thinkingNow = s.thinking && s.thinking.side === side && s.thinking.purpose === 'move';
    return [h('span', { class: `dot side-${side} kind-${s.board.kind}` }), h('strong', { text: name }), h('span', { class: 'muted', text: ` · ${who}` }),
      toMove ? h('span', { class: 'turn', text: thinkingNow ? t('play.thinking') : t('play.toMove') }) : null];
  }

  function render() {
    const s = ctx.state;
    if (!s) return;
    const view = ctx.branch ? ctx.branch.board : ctx.reviewBoard || shownBoard(s.board);
    const interactive = interactiveNow();
    let targets = [];
    if (interactive && ctx.selected !== null) targets = legalNow().filter((m) => m.from === ctx.selected).map((m) => m.to);
    const placing = interactive && legalNow().some((m) => m.from === null);
    // In review: the engine's move from the position shown (the better move when the move
    // played from it was not the engine's), or its answer in a branch.
    const answer = ctx.branch && ctx.branch.answer && ctx.branch.answer.best_move;
    const arrow = ctx.review === null ? null : ctx.branch ? (answer ? { from: answer.from, to: answer.to } : null) : reviewPanel.better(ctx.review);
    const svg = drawBoard(view, {
      flipped: ctx.flipped, interactive: interactive || premoveMode(), premove: ctx.review === null ? ctx.premove : null, selected: ctx.selected, arrow,
      targets, hint: ctx.review === null ? ctx.hint : null, marks: ctx.review === null ? s.marks : null, cursor: ctx.keyboard && document.activeElement === boardWrap ? ctx.cursor : null,
      label: t('play.boardLabel', { title: titleOf(s.game, s.names, s.options) }),
      labels: ((s.notations || []).find((n) => n.key === ctx.notation) || {}).labels,
    });
    if (placing) svg.classList.add('placing');
    ctx.geometry = geometry(view, ctx.flipped);
    if (input.origin !== null) {
      const carried = svg.querySelector(`.piece[data-cell="${input.origin}"]`);
      if (carried) carried.classList.add('lifted');
    }
    zoom.show(svg, ctx.geometry.width, view.kind === 'points');
    // Fingers drag pieces and pan zoomed boards: the page must not scroll under them.
    boardWrap.classList.toggle('touch-lock', view.kind === 'checkered' || view.kind === 'river_and_palaces' || zoom.enabled);
    const [bottomSide, topSide] = ctx.flipped ? ['second', 'first'] : ['first', 'second'];
    replace(topPlayer, playerLabel(topSide), clocks.face(topSide));
    replace(bottomPlayer, playerLabel(bottomSide), clocks.face(bottomSide));
    title.textContent = titleOf(s.game, s.names, s.options);
    const computer = s.players.first !== 'human' || s.players.second !== 'human';
    const shortId = s.id.slice(0, 8);
    if (!computer) meta.textContent = t('play.metaPeople', { id: shortId });
    else if (timedLevel(s.players.level)) meta.textContent = t('play.meta', { id: shortId, level: levelName(s.players.level), s: decimal(s.players.movetime_ms / 1000, 1) });
    else meta.textContent = t('play.metaUntimed', { id: shortId, level: levelName(s.players.level) });
    if (s.clock) meta.textContent = t('clock.meta', { id: s.id.slice(0, 8), level: levelName(s.players.level), control: controlName(s.clock) });
    renderBanner(s);
    renderThinking(s);
    renderMoves(s);
    renderReviewBar(s);
    renderBranch(s);
    evalBar.element.hidden = !settings().evalbar;
    evalBar.element.classList.toggle(`kind-${s.board.kind}`, true);
    evalBar.draw(ctx.flipped);
    const finished = s.status.state === 'finished';
    const computerThinking = s.thinking && s.thinking.purpose === 'move';
    buttons.undo.disabled = !s.can_undo;
    buttons.redo.disabled = !s.can_redo;
    buttons.hint.disabled = finished || !s.human_to_move || !!s.thinking;
    buttons.movenow.disabled = !s.thinking;
    buttons.analyze.disabled = finished || !!s.thinking;
    buttons.resign.disabled = finished || !(s.players.first === 'human' || s.players.second === 'human');
    moveInput.disabled = !interactive;
    // A watcher sees the game, its moves and the computer's thinking, and no control that
    // would change it (the server refuses those to anyone but the game's owner anyway).
    for (const name of ['undo', 'redo', 'hint', 'movenow', 'analyze', 'resign']) buttons[name].hidden = ctx.watching;
    moveForm.hidden = ctx.watching;
    moveInput.placeholder = interactive ? t('play.typeHint', { example: moveText(legalNow()[0], ctx.notation) }) : '';
    replace(links,
      h('a', { class: 'btn ghost', href: `/api/games/${id}/export`, download: '', 'data-action': 'export', text: t('play.export') }),
      h('a', { class: 'btn ghost', href: `/lab?game=${encodeURIComponent(s.game)}&position=${encodeURIComponent(s.position)}${optionsQuery(s.options)}`, 'data-link': true, text: t('play.openLab') }),
      h('a', { class: 'btn ghost', href: '/games', 'data-link': true, text: t('play.allGames') }));
    if (!computerThinking && ctx.timer) { clearInterval(ctx.timer); ctx.timer = null; }
  }

  function renderBanner(s) {
    banner.className = 'banner';
    if (s.status.state === 'finished') {
      const winner = s.status.winner;
      const text = winner ? t('status.wins', { side: sideName(s.side_names, winner) }) : t('status.draw');
      const mine = winner && s.players[winner] === 'human' && s.players[winner === 'first' ? 'second' : 'first'] === 'computer';
      const lost = winner && s.players[winner] === 'computer';
      banner.classList.add('over', mine ? 'won' : lost ? 'lost' : 'neutral');
      replace(banner, h('strong', { class: 'result', text }), h('span', { class: 'reason', text: reasonText(s.status.reason) }),
        h('button', { class: 'btn primary', type: 'button', onclick: newGame, text: t('play.again') }));
    } else {
      const side = sideName(s.side_names, s.status.to_move);
      const yourMove = s.human_to_move && !ctx.watching;
      replace(banner, h('span', { text: yourMove ? t('status.yourMove', { side }) : t('status.toMove', { side }) }),
        ctx.watching ? h('span', { class: 'watching', 'data-role': 'watching', text: t('play.watching') }) : null);
    }
  }

  function renderThinking(s) {
    if (!s.thinking) { thinking.className = 'thinking'; replace(thinking); return; }
    thinking.className = 'thinking on';
    const label = t(`think.${s.thinking.purpose}`, { side: sideName(s.side_names, s.thinking.side) });
    const clock = h('span', { class: 'elapsed' });
    const started = Date.now() - s.thinking.elapsed_ms;
    const tick = () => { clock.textContent = `${decimal((Date.now() - started) / 1000, 1)} s`; };
    tick();
    if (ctx.timer) clearInterval(ctx.timer);
    ctx.timer = setInterval(tick, 100);
    replace(thinking, h('span', { class: 'spinner', 'aria-hidden': 'true' }), h('span', { text: label }), clock,
      h('button', { class: 'btn small', type: 'button', onclick: () => act('stop'), text: t('play.movenow') }));
  }

  function renderMoves(s) {
    const items = [];
    s.history.forEach((m, i) => {
      const ply = i + 1;
      const current = ctx.review === null ? ply === s.history.length : ply === ctx.review;
      items.push(h('li', { class: `${i % 2 === 0 ? 'first' : 'second'}${current ? ' current' : ''}` },
        i % 2 === 0 ? h('span', { class: 'move-no', text: `${i / 2 + 1}.` }) : null,
        h('button', { type: 'button', class: `move${verdictClass(ply)}`, 'data-ply': ply, onclick: () => review(ply), text: moveText(m, ctx.notation) },
          verdictMark(ply))));
    });
    replace(movesList, items.length ? items : h('li', { class: 'muted empty', text: t('play.noMoves') }));
    // The current move in view inside the list only: scrolling the page would take the board
    // away from under a phone player's finger after every move.
    const current = movesList.querySelector('.current .move');
    if (current) {
      const list = movesList.getBoundingClientRect();
      const item = current.getBoundingClientRect();
      if (item.top < list.top) movesList.scrollTop -= list.top - item.top;
      else if (item.bottom > list.bottom) movesList.scrollTop += item.bottom - list.bottom;
    }
  }

  function verdictClass(ply) {
    const verdict = reviewPanel.verdict(ply);
    return verdict ? ` verdict-${verdict.verdict}` : '';
  }

  function verdictMark(ply) {
    const verdict = reviewPanel.verdict(ply);
    return verdict ? h('span', { class: 'verdict-mark', title: t(`analysis.verdict.${verdict.verdict}`), text: verdict.symbol }) : null;
  }

  // A branch tried in review: its moves, the engine's answer, and the way back.
  function renderBranch() {
    const b = ctx.branch;
    if (ctx.review === null || ctx.watching) { replace(branchBox); branchBox.classList.remove('on'); return; }
    branchBox.classList.add('on');
    if (!b) { replace(branchBox, h('p', { class: 'muted', text: t('branch.help') })); return; }
    const answer = b.answer && b.answer.best_move
      ? t('branch.answer', { move: moveText(b.answer.best_move, ctx.notation), score: scoreOf(b.answer.score, b.style, b.side) })
      : t('branch.over');
    replace(branchBox,
      h('p', {}, h('strong', { text: t('branch.title') }), ` ${b.moves.map((m) => moveText(m, ctx.notation)).join(' ')}`),
      h('p', { class: 'branch-answer', text: answer }),
      b.answer && b.answer.pv_display && b.answer.pv_display.length ? h('p', { class: 'muted', text: `${t('analysis.line')} ${b.answer.pv_display.join(' ')}` }) : null,
      h('button', { class: 'btn primary small', type: 'button', 'data-action': 'back-to-game', onclick: backToGame, text: t('branch.back') }));
  }

  function scoreOf(score, style, side) {
    return `${scoreText(score, style)} (${sideName(ctx.state.side_names, side)})`;
  }

  function renderReviewBar(s) {
    const total = s.history.length;
    if (ctx.review === null) {
      replace(reviewBar, total ? h('button', { class: 'btn ghost small', type: 'button', onclick: () => review(total - 1), text: t('review.start') }) : null);
      return;
    }
    replace(reviewBar,
      h('button', { class: 'btn small', type: 'button', 'aria-label': t('review.first'), onclick: () => review(0), text: '«' }),
      h('button', { class: 'btn small', type: 'button', 'aria-label': t('review.prev'), onclick: () => review(ctx.review - 1), text: '◀' }),
      h('span', { class: 'review-pos', text: t('review.position', { ply: ctx.review, total }) }),
      h('button', { class: 'btn small', type: 'button', 'aria-label': t('review.next'), onclick: () => review(ctx.review + 1), text: '▶' }),
      h('button', { class: 'btn small', type: 'button', 'aria-label': t('review.last'), onclick: () => review(null), text: '»' }),
      h('button', { class: 'btn primary small', type: 'button', onclick: () => review(null), text: t('review.back') }));
  }

  moveForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = moveInput.value.trim();
    if (!text) return;
    moveInput.value = '';
    play(text);
  });

  // Only keyboard focus draws the cursor: redrawing on a mouse press would swallow the click.
  boardWrap.addEventListener('focus', () => {
    if (!boardWrap.matches(':focus-visible')) return;
    if (ctx.cursor === null && ctx.state) ctx.cursor = Math.floor(ctx.state.board.cells.length / 2);
    ctx.keyboard = true;
    render();
  });
  boardWrap.addEventListener('blur', () => { if (ctx.keyboard) { ctx.keyboard = false; render(); } });
  boardWrap.addEventListener('keydown', (event) => {
    const s = ctx.state;
    if (!s) return;
    const { files, ranks } = s.board;
    let cell = ctx.cursor ?? 0;
    let file = cell % files; let rank = Math.floor(cell / files);
    const sign = ctx.flipped ? -1 : 1;
    const moves = { ArrowLeft: [-sign, 0], ArrowRight: [sign, 0], ArrowUp: [0, -sign], ArrowDown: [0, sign] };
    if (moves[event.key]) {
      event.preventDefault(); event.stopPropagation();
      ctx.keyboard = true;
      file = Math.max(0, Math.min(files - 1, file + moves[event.key][0]));
      rank = Math.max(0, Math.min(ranks - 1, rank + moves[event.key][1]));
      ctx.cursor = rank * files + file;
      render();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault(); event.stopPropagation();
      onCell(cell);
    }
  });

  function onKey(event) {
    if (event.target.closest('input, textarea, select, dialog') || event.ctrlKey || event.metaKey || event.altKey) return;
    const s = ctx.state;
    if (!s) return;
    const key = event.key.toLowerCase();
    const actions = { u: buttons.undo, r: buttons.redo, n: buttons.newGame, f: buttons.flip, h: buttons.hint, m: buttons.movenow, a: buttons.analyze };
    if (actions[key]) { event.preventDefault(); if (!actions[key].disabled) actions[key].click(); return; }
    if (event.key === 'Escape') { ctx.selected = null; ctx.hint = null; ctx.premove = null; render(); return; }
    if (event.key === 'ArrowLeft') { event.preventDefault(); review((ctx.review ?? s.history.length) - 1); }
    if (event.key === 'ArrowRight' && ctx.review !== null) { event.preventDefault(); review(ctx.review + 1); }
  }
  document.addEventListener('keydown', onKey);

  function listen() {
    ctx.events = new EventSource(`/api/games/${id}/events`);
    ctx.events.onmessage = (message) => {
      let event;
      try { event = JSON.parse(message.data); } catch { return; }
      if (event.type === 'state') { update(event.state); return; }
      log.add(event);
      feedBar(event);
      if (event.type === 'think_done' && event.purpose === 'hint' && event.result.best_move) {
        const best = event.result.best_move;
        ctx.hint = { from: best.from, to: best.to, display: moveText(best, ctx.notation) };
        render();
        showHint(moveText(best, ctx.notation));
      }
    };
  }

  // The bar follows the full engine's searches (the computer's, the hint's): each finished
  // iteration's value for the side it searched for. The textbook player's values are on
  // another scale and leave it as it was.
  function feedBar(event) {
    const s = ctx.state;
    if (!s || ctx.branch) return;
    if (event.type === 'think_start') { ctx.thinkSide = event.side; ctx.thinkEngine = event.algorithm === 'engine'; return; }
    if (!ctx.thinkEngine || !ctx.thinkSide) return;
    if (event.type === 'think' && event.event && event.event.event === 'iteration' && event.event.multipv === 1 && event.event.bound === 'exact') {
      evalBar.set(event.event.score, s.score_style, ctx.thinkSide, ctx.flipped);
    } else if (event.type === 'think_done' && event.result && event.result.best_move && !event.result.book) {
      // A book move ran no search: its score says nothing, so the bar stays as it was.
      evalBar.set(event.result.score, s.score_style, ctx.thinkSide, ctx.flipped);
    }
  }

  function showHint(display) {
    showInfo(t('play.hintIs', { move: display }));
  }

  function showInfo(text) {
    toast.textContent = text;
    toast.classList.add('show', 'info');
    clearTimeout(ctx.toastTimer);
    ctx.toastTimer = setTimeout(hideInfo, 5000);
  }

  /** Takes the hint away. */
  function hideInfo() {
    clearTimeout(ctx.toastTimer);
    toast.classList.remove('show', 'info');
  }

  api('GET', `/api/games/${id}`).then((state) => { if (!ctx.gone) { update(state); listen(); } }).catch((error) => {
    replace(root, h('section', { class: 'panel narrow' }, h('h1', { text: t('play.missing') }), h('p', { class: 'error', text: errorText(error) }),
      h('p', {}, h('a', { class: 'btn primary', href: '/', 'data-link': true, text: t('notfound.home') }))));
  });

  return {
    leave() {
      ctx.gone = true;
      document.removeEventListener('keydown', onKey);
      if (ctx.events) ctx.events.close();
      if (ctx.timer) clearInterval(ctx.timer);
      reviewPanel.leave();
      clocks.stop();
    },
  };
}
