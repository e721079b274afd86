// Boards in SVG, drawn from the BoardView the API returns, by board kind only:
// cells (tic-tac-toe), points (caro stones), checkered (chess), river_and_palaces (xiangqi).
// One function draws any of them, with the marks a player needs: last move, check,
// selection, legal targets, a queued premove, a hint and a keyboard cursor. Pointer input
// (clicks, taps, drags) is read by drag.js from the cell under the pointer (`cellAt`).

import { s } from './dom.js';
import { chessPiece } from './pieces.js';

const U = 100; // one cell or one point spacing, in SVG units

/** Geometry of a board: where each cell's centre is, and the size of the drawing. */
export function geometry(view, flipped) {
  const { files, ranks, kind } = view;
  const onPoints = kind === 'points' || kind === 'river_and_palaces';
  const margin = kind === 'river_and_palaces' ? U * 1.05 : onPoints ? U * 0.9 : U * 0.45;
  const width = onPoints ? (files - 1) * U + 2 * margin : files * U + 2 * margin;
  const height = onPoints ? (ranks - 1) * U + 2 * margin : ranks * U + 2 * margin;
  const centre = (cell) => {
    let file = cell % files;
    let rank = Math.floor(cell / files);
    if (flipped) { file = files - 1 - file; rank = ranks - 1 - rank; }
    return onPoints
      ? { x: margin + file * U, y: margin + rank * U }
      : { x: margin + file * U + U / 2, y: margin + rank * U + U / 2 };
  };
  return { files, ranks, kind, onPoints, margin, width, height, centre, flipped: !!flipped };
}

/** The cell at (x, y) in the drawing's units (the nearest point on point boards), or null off the board. */
export function cellAt(g, x, y) {
  const fx = g.onPoints ? Math.round((x - g.margin) / U) : Math.floor((x - g.margin) / U);
  const fy = g.onPoints ? Math.round((y - g.margin) / U) : Math.floor((y - g.margin) / U);
  if (fx < 0 || fy < 0 || fx >= g.files || fy >= g.ranks) return null;
  const file = g.flipped ? g.files - 1 - fx : fx;
  const rank = g.flipped ? g.ranks - 1 - fy : fy;
  return rank * g.files + file;
}

/**
 * Draws `view`. Options: flipped, selected (cell), targets (Set of cells), hint ({from, to}),
 * premove ({from, to}), cursor (cell), marks ([{cell, kind, reason}]), interactive,
 * arrow ({from, to}: the engine's move, from null for a placed stone), label (aria), labels ({near, far, ranks}: the edge labels of the chosen notation, from the
 * first player's side; the view's coordinates when absent).
 */
export function drawBoard(view, options = {}) {
  const g = geometry(view, options.flipped);
  const svg = s('svg', {
    viewBox: `0 0 ${g.width} ${g.height}`,
    class: `board board-${view.kind}${options.interactive ? ' interactive' : ''}`,
    role: 'img',
    'aria-label': options.label || 'board',
    'data-kind': view.kind,
  });
  svg.append(s('defs', {},
    gradient('stone-first', '#555', '#111'),
    gradient('stone-second', '#fff', '#cfcfcf'),
    gradient('disc', '#fbeccb', '#e2c48f'),
    s('radialGradient', { id: 'check-glow' },
      s('stop', { offset: '0%', 'stop-color': '#ff3b30', 'stop-opacity': '0.9' }),
      s('stop', { offset: '100%', 'stop-color': '#ff3b30', 'stop-opacity': '0' }))));
  const drawers = { cells: drawCells, points: drawPoints, checkered: drawCheckered, river_and_palaces: drawRiver };
  (drawers[view.kind] || drawCells)(svg, view, g);
  drawLabels(svg, view, g, options.flipped, options.labels);
  drawMarks(svg, view, g, options);
  view.cells.forEach((piece, cell) => { if (piece) svg.append(drawPiece(view, g, piece, cell)); });
  drawLastStone(svg, view, g);
  drawRefused(svg, g, options.marks);
  drawTargets(svg, view, g, options);
  if (options.arrow) drawArrow(svg, g, options.arrow);
  if (options.cursor !== undefined && options.cursor !== null) {
    const { x, y } = g.centre(options.cursor);
    svg.append(s('rect', { class: 'cursor', x: x - U / 2 + 4, y: y - U / 2 + 4, width: U - 8, height: U - 8, rx: 10 }));
  }
  if (options.interactive) {
    view.cells.forEach((_, cell) => {
      const { x, y } = g.centre(cell);
      svg.append(s('rect', {
        class: 'hit', x: x - U / 2, y: y - U / 2, width: U, height: U,
        'data-cell': cell,
      }));
    });
  }
  return svg;
}

function gradient(id, light, dark) {
  return s('radialGradient', { id, cx: '35%', cy: '30%', r: '75%' },
    s('stop', { offset: '0%', 'stop-color': light }), s('stop', { offset: '100%', 'stop-color': dark }));
}

function drawCells(svg, view, g) {
  svg.append(s('rect', { class: 'paper', x: 0, y: 0, width: g.width, height: g.height, rx: 18 }));
  for (let i = 1; i < g.files; i++) {
    const x = g.margin + i * U;
    svg.append(s('line', { class: 'grid-line thick', x1: x, y1: g.margin + 12, x2: x, y2: g.height - g.margin - 12 }));
  }
  for (let i = 1; i < g.ranks; i++) {
    const y = g.margin + i * U;
    svg.append(s('line', { class: 'grid-line thick', x1: g.margin + 12, y1: y, x2: g.width - g.margin - 12, y2: y }));
  }
}

function drawPoints(svg, view, g) {
  svg.append(s('rect', { class: 'wood', x: 0, y: 0, width: g.width, height: g.height, rx: 14 }));
  const right = g.margin + (g.files - 1) * U;
  const bottom = g.margin + (g.ranks - 1) * U;
  for (let i = 0; i < g.files; i++) {
    const x = g.margin + i * U;
    svg.append(s('line', { class: 'grid-line', x1: x, y1: g.margin, x2: x, y2: bottom }));
  }
  for (let i = 0; i < g.ranks; i++) {
    const y = g.margin + i * U;
    svg.append(s('line', { class: 'grid-line', x1: g.margin, y1: y, x2: right, y2: y }));
  }
  svg.append(s('rect', { class: 'grid-frame', x: g.margin, y: g.margin, width: right - g.margin, height: bottom - g.margin }));
  // Star points: the centre, and the 4th lines in from the edges on larger boards.
  const stars = [];
  const mid = (n) => (n % 2 === 1 ? [(n - 1) / 2] : []);
  for (const f of mid(g.files)) for (const r of mid(g.ranks)) stars.push([f, r]);
  if (g.files >= 13 && g.ranks >= 13) {
    for (const f of [3, g.files - 4]) for (const r of [3, g.ranks - 4]) stars.push([f, r]);
  }
  for (const [f, r] of stars) svg.append(s('circle', { class: 'star', cx: g.margin + f * U, cy: g.margin + r * U, r: 9 }));
}

function drawCheckered(svg, view, g) {
  svg.append(s('rect', { class: 'frame', x: 0, y: 0, width: g.width, height: g.height, rx: 10 }));
  for (let cell = 0; cell < g.files * g.ranks; cell++) {
    const file = cell % g.files;
    const rank = Math.floor(cell / g.files);
    const { x, y } = g.centre(cell);
    const light = (file + rank) % 2 === 0;
    svg.append(s('rect', { class: light ? 'sq-light' : 'sq-dark', x: x - U / 2, y: y - U / 2, width: U, height: U }));
  }
}

function drawRiver(svg, view, g) {
  svg.append(s('rect', { class: 'wood', x: 0, y: 0, width: g.width, height: g.height, rx: 14 }));
  const x = (file) => g.margin + file * U;
  const y = (rank) => g.margin + rank * U;
  const lastFile = g.files - 1;
  const lastRank = g.ranks - 1;
  const riverTop = Math.floor(lastRank / 2);
  for (let rank = 0; rank <= lastRank; rank++) {
    svg.append(s('line', { class: 'grid-line', x1: x(0), y1: y(rank), x2: x(lastFile), y2: y(rank) }));
  }
  for (let file = 0; file <= lastFile; file++) {
    if (file === 0 || file === lastFile) {
      svg.append(s('line', { class: 'grid-line', x1: x(file), y1: y(0), x2: x(file), y2: y(lastRank) }));
    } else {
      svg.append(s('line', { class: 'grid-line', x1: x(file), y1: y(0), x2: x(file), y2: y(riverTop) }));
      svg.append(s('line', { class: 'grid-line', x1: x(file), y1: y(riverTop + 1), x2: x(file), y2: y(lastRank) }));
    }
  }
  // The palaces: the middle three files of the three ranks at each end.
  const midFile = Math.floor(lastFile / 2);
  for (const [top, bottom] of [[0, 2], [lastRank - 2, lastRank]]) {
    svg.append(s('line', { class: 'grid-line', x1: x(midFile - 1), y1: y(top), x2: x(midFile + 1), y2: y(bottom) }));
    svg.append(s('line', { class: 'grid-line', x1: x(midFile + 1), y1: y(top), x2: x(midFile - 1), y2: y(bottom) }));
  }
  svg.append(s('rect', { class: 'grid-frame thick', x: x(0) - 10, y: y(0) - 10, width: x(lastFile) - x(0) + 20, height: y(lastRank) - y(0) + 20 }));
  const riverY = (y(riverTop) + y(riverTop + 1)) / 2;
  svg.append(s('text', { class: 'river', x: x(lastFile) * 0.27 + g.margin * 0.3, y: riverY, text: '楚 河' }));
  svg.append(s('text', { class: 'river', x: x(lastFile) * 0.73 + g.margin * 0.3, y: riverY, text: '漢 界' }));
  // Position marks where cannons and soldiers start.
  const marks = [[1, 2], [lastFile - 1, 2], [1, lastRank - 2], [lastFile - 1, lastRank - 2]];
  for (let file = 0; file <= lastFile; file += 2) marks.push([file, 3], [file, lastRank - 3]);
  for (const [file, rank] of marks) svg.append(cornerMarks(x(file), y(rank), file === 0, file === lastFile));
}

function cornerMarks(cx, cy, leftEdge, rightEdge) {
  const d = 10; const l = 18; const parts = [];
  for (const sx of [-1, 1]) {
    if ((sx < 0 && leftEdge) || (sx > 0 && rightEdge)) continue;
    for (const sy of [-1, 1]) {
      const x0 = cx + sx * d; const y0 = cy + sy * d;
      parts.push(`M${x0 + sx * l},${y0} L${x0},${y0} L${x0},${y0 + sy * l}`);
    }
  }
  return s('path', { class: 'grid-mark', d: parts.join(' ') });
}

function drawLabels(svg, view, g, flipped, labels) {
  if (labels && g.onPoints) { drawEdgeLabels(svg, g, flipped, labels); return; }
  const files = flipped ? [...view.file_labels].reverse() : view.file_labels;
  const ranks = flipped ? [...view.rank_labels].reverse() : view.rank_labels;
  if (view.kind === 'checkered') {
    // Inside the squares, as on a wooden board: files on the bottom row, ranks on the left.
    files.forEach((label, i) => {
      const light = (i + g.ranks - 1) % 2 === 0;
      svg.append(s('text', { class: `coord in ${light ? 'on-light' : 'on-dark'}`, x: g.margin + (i + 1) * U - 8, y: g.margin + g.ranks * U - 8, 'text-anchor': 'end', text: label }));
    });
    ranks.forEach((label, i) => {
      const light = i % 2 === 0;
      svg.append(s('text', { class: `coord in ${light ? 'on-light' : 'on-dark'}`, x: g.margin + 8, y: g.margin + i * U + 26, text: label }));
    });
    return;
  }
  const step = g.onPoints ? 0 : U / 2;
  files.forEach((label, i) => {
    svg.append(s('text', { class: 'coord', 'data-axis': 'file', x: g.margin + i * U + step, y: g.height - (g.onPoints ? 14 : g.margin * 0.12), 'text-anchor': 'middle', text: label }));
  });
  ranks.forEach((label, i) => {
    svg.append(s('text', { class: 'coord', 'data-axis': 'rank', x: g.onPoints ? 24 : g.margin * 0.5, y: g.margin + i * U + step + 10, 'text-anchor': 'middle', text: label }));
  });
}

// A notation's labels on a board of points: each player's file numbers along its own edge
// (xiangqi's WXF counts from each side's right), ranks along the left when it has them.
function drawEdgeLabels(svg, g, flipped, labels) {
  const turn = (list) => (flipped ? [...(list || [])].reverse() : (list || []));
  // Flipped, the second player's edge is at the bottom; with no labels of its own (a board
  // numbered the same from both sides) the files stay at the bottom, reversed.
  const twoEdges = (labels.far || []).length > 0;
  const [bottom, top] = flipped && twoEdges ? [turn(labels.far), turn(labels.near)] : [turn(labels.near), turn(labels.far)];
  const row = (list, y, edge) => list.forEach((label, i) => {
    svg.append(s('text', { class: `coord edge-${edge}`, 'data-axis': edge === 'near' ? 'file' : null, x: g.margin + i * U, y, 'text-anchor': 'middle', text: label }));
  });
  row(bottom, g.height - 14, 'near');
  row(top, 30, 'far');
  turn(labels.ranks).forEach((label, i) => {
    svg.append(s('text', { class: 'coord', 'data-axis': 'rank', x: 24, y: g.margin + i * U + 10, 'text-anchor': 'middle', text: label }));
  });
}

function drawMarks(svg, view, g, options) {
  // The last move: where it came from and where it went, marked apart (a placed stone
  // has only its point, marked again on the stone by drawLastStone).
  const last = view.last_move || [];
  last.forEach((cell, i) => {
    const mark = highlight(g, cell, i === last.length - 1 ? 'last last-to' : 'last last-from');
    mark.setAttribute('data-cell', cell);
    svg.append(mark);
  });
  if (options.premove) {
    for (const cell of [options.premove.from, options.premove.to]) if (cell !== null && cell !== undefined) svg.append(highlight(g, cell, 'premove'));
  }
  if (options.hint) {
    for (const cell of [options.hint.from, options.hint.to]) if (cell !== null && cell !== undefined) svg.append(highlight(g, cell, 'hint'));
  }
  if (options.selected !== null && options.selected !== undefined) svg.append(highlight(g, options.selected, 'selected'));
  if (view.check !== null && view.check !== undefined) {
    const { x, y } = g.centre(view.check);
    svg.append(s('circle', { class: 'check', cx: x, cy: y, r: U * 0.55, fill: 'url(#check-glow)' }));
  }
}

// Cells the rules refuse (renju's forbidden points for Black): a red cross, its reason as
// its title.
function drawRefused(svg, g, marks) {
  for (const mark of marks || []) {
    const { x, y } = g.centre(mark.cell);
    const d = U * 0.2;
    svg.append(s('path', { class: `refused ${mark.kind}`, 'data-cell': mark.cell, d: `M${x - d},${y - d} L${x + d},${y + d} M${x + d},${y - d} L${x - d},${y + d}` },
      s('title', { text: mark.reason })));
  }
}

// The stone just placed: a red square around it and a red dot on it, so it stands out on a
// full board at any size.
function drawLastStone(svg, view, g) {
  if (view.kind !== 'points') return;
  for (const cell of view.last_move || []) {
    const piece = view.cells[cell];
    if (!piece) continue;
    const { x, y } = g.centre(cell);
    const r = U * 0.5;
    svg.append(s('rect', { class: 'last-frame', x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: 8, 'data-cell': cell }));
    svg.append(s('circle', { class: `last-stone on-${piece.side}`, cx: x, cy: y, r: U * 0.17, 'data-cell': cell }));
  }
}

function highlight(g, cell, kind) {
  const { x, y } = g.centre(cell);
  if (g.onPoints) return s('circle', { class: `mark ${kind}`, cx: x, cy: y, r: U * 0.5 });
  return s('rect', { class: `mark ${kind}`, x: x - U / 2, y: y - U / 2, width: U, height: U });
}

function drawTargets(svg, view, g, options) {
  for (const cell of options.targets || []) {
    const { x, y } = g.centre(cell);
    if (view.cells[cell]) svg.append(s('circle', { class: 'target capture', cx: x, cy: y, r: U * 0.44 }));
    else svg.append(s('circle', { class: 'target', cx: x, cy: y, r: U * (g.onPoints ? 0.16 : 0.14) }));
  }
}

/** One piece or stone, by board kind. */
export function drawPiece(view, g, piece, cell) {
  const { x, y } = g.centre(cell);
  const side = piece.side;
  const group = s('g', { class: `piece side-${side}`, 'data-cell': cell, 'data-kind': piece.kind });
  if (view.kind === 'points') {
    group.append(s('circle', { class: 'stone-shadow', cx: x + 4, cy: y + 6, r: U * 0.44 }));
    group.append(s('circle', { class: 'stone', cx: x, cy: y, r: U * 0.44, fill: `url(#stone-${side})` }));
  } else if (view.kind === 'river_and_palaces') {
    group.append(s('circle', { class: 'disc-shadow', cx: x + 3, cy: y + 5, r: U * 0.45 }));
    group.append(s('circle', { class: 'disc', cx: x, cy: y, r: U * 0.45, fill: 'url(#disc)' }));
    group.append(s('circle', { class: 'disc-ring', cx: x, cy: y, r: U * 0.37 }));
    group.append(s('text', { class: 'disc-glyph', x, y: y + 2, text: piece.symbol }));
  } else if (view.kind === 'checkered') {
    group.append(chessPiece(piece.kind, side, x, y));
  } else {
    group.append(markSymbol(piece, x, y));
  }
  return group;
}

function markSymbol(piece, x, y) {
  const r = U * 0.3;
  const symbol = (piece.symbol || piece.kind || '').toLowerCase();
  if (symbol === 'x' || symbol === '×') {
    return s('path', { class: 'mark-x', d: `M${x - r},${y - r} L${x + r},${y + r} M${x + r},${y - r} L${x - r},${y + r}` });
  }
  if (symbol === 'o') return s('circle', { class: 'mark-o', cx: x, cy: y, r });
  return s('text', { class: 'mark-text', x, y: y + 4, text: piece.symbol });
}

/** The promotion choices drawn as pieces (for the chooser). */
export function pieceIcon(view, piece) {
  const g = { centre: () => ({ x: U / 2, y: U / 2 }), onPoints: false };
  const svg = s('svg', { viewBox: `0 0 ${U} ${U}`, class: `board board-${view.kind} icon`, 'aria-hidden': 'true' });
  svg.append(drawPiece(view, g, piece, 0));
  return svg;
}

/** The engine's move as an arrow from its cell to its target (a ring on a placed stone's point). */
function drawArrow(svg, g, arrow) {
  if (arrow.to === null || arrow.to === undefined) return;
  const to = g.centre(arrow.to);
  if (arrow.from === null || arrow.from === undefined || arrow.from === arrow.to) {
    svg.append(s('circle', { class: 'arrow-ring', cx: to.x, cy: to.y, r: U * 0.36, 'data-to': arrow.to }));
    return;
  }
  const from = g.centre(arrow.from);
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const length = Math.hypot(dx, dy) || 1;
  const [ux, uy] = [dx / length, dy / length];
  const head = U * 0.34;
  const base = { x: to.x - ux * head, y: to.y - uy * head };
  const wing = U * 0.2;
  svg.append(s('g', { class: 'arrow', 'data-from': arrow.from, 'data-to': arrow.to },
    s('line', { class: 'arrow-shaft', x1: from.x, y1: from.y, x2: base.x, y2: base.y }),
    s('polygon', { class: 'arrow-head', points: `${to.x},${to.y} ${base.x - uy * wing},${base.y + ux * wing} ${base.x + uy * wing},${base.y - ux * wing}` })));
}
