// Chess pieces drawn in SVG: a Staunton-like set of ply's own, each piece a few paths in a
// 100×100 box (base at the bottom), filled light or dark by side with a contrasting outline
// and details, so both sides read at a glance at any size.

import { s } from './dom.js';

// The plinth every piece but the pawn stands on.
const BASE = 'M24,88 L76,88 Q79,88 79,85 L79,82 Q79,78 75,78 L25,78 Q21,78 21,82 L21,85 Q21,88 24,88 Z';

/** Each kind: the body paths (filled), then detail strokes drawn in the contrasting colour. */
const SHAPES = {
  p: {
    body: [
      'M28,88 L72,88 Q74,88 74,85 Q74,80 69,78 C62,74 57,64 58,54 L42,54 C43,64 38,74 31,78 Q26,80 26,85 Q26,88 28,88 Z',
      'M37,55 Q35,55 35,52 Q35,47 41,46 L59,46 Q65,47 65,52 Q65,55 63,55 Z',
    ],
    circles: [[50, 33, 13]],
    details: [],
  },
  r: {
    body: [
      BASE,
      'M27,78 L73,78 L71,70 L29,70 Z',
      'M33,70 L36,38 L64,38 L67,70 Z',
      'M28,38 L72,38 L72,31 L28,31 Z',
      'M28,31 L28,15 L37,15 L37,21 L45,21 L45,15 L55,15 L55,21 L63,21 L63,15 L72,15 L72,31 Z',
    ],
    circles: [],
    details: ['M36,65 L64,65', 'M35,43 L65,43'],
  },
  n: {
    body: [
      BASE,
      'M30,78 L72,78 C75,62 75,48 70,37 C66,27 58,21 49,19 L47,11 L41,19 C36,21 32,25 29,30 L17,48 C15,52 16,57 21,58 L26,57 C30,55 34,53 39,54 C43,54 47,51 49,48 C49,56 43,62 37,67 C33,70 30,73 30,78 Z',
    ],
    circles: [],
    details: ['M37,30 L40,33', 'M60,26 C69,38 70,58 66,74', 'M21,52 L23,52'],
  },
  b: {
    body: [
      BASE,
      'M36,78 C38,71 42,66 42,62 L58,62 C58,66 62,71 64,78 Z',
      'M37,63 L63,63 L63,56 L37,56 Z',
      'M39,56 C33,46 35,32 50,19 C65,32 67,46 61,56 Z',
    ],
    circles: [[50, 14, 6]],
    details: ['M44,42 L55,31', 'M50,37 L50,37'],
  },
  q: {
    body: [
      BASE,
      'M28,78 L72,78 L70,70 L30,70 Z',
      'M30,70 L20,33 L36,54 L35,25 L46,51 L50,21 L54,51 L65,25 L64,54 L80,33 L70,70 Z',
    ],
    circles: [[20, 31, 5.5], [35, 23, 5.5], [50, 18, 5.5], [65, 23, 5.5], [80, 31, 5.5]],
    details: ['M31,64 Q50,59 69,64'],
  },
  k: {
    body: [
      BASE,
      'M28,78 L72,78 L71,71 L29,71 Z',
      'M29,71 C17,58 21,41 35,41 C42,41 47,47 50,55 C53,47 58,41 65,41 C79,41 83,58 71,71 Z',
      'M50,56 C44,46 44,35 50,29 C56,35 56,46 50,56 Z',
      'M47,29 L47,21 L42,21 L42,16 L47,16 L47,10 L53,10 L53,16 L58,16 L58,21 L53,21 L53,29 Z',
    ],
    circles: [],
    details: ['M31,65 Q50,58 69,65'],
  },
};

// A piece named in words (a promotion's `queen`) or by its letter in either case.
const NAMES = { king: 'k', queen: 'q', rook: 'r', bishop: 'b', knight: 'n', pawn: 'p' };

/** The letter of a chess piece kind (`K`, `n`, `queen` → `k`, `n`, `q`), or null. */
export function chessKind(kind) {
  const key = (kind || '').toLowerCase();
  if (SHAPES[key]) return key;
  return NAMES[key] || null;
}

/** The piece of `kind` for `side` (`first` is White), centred on (x, y) in a cell of `size`. */
export function chessPiece(kind, side, x, y, size = 100) {
  const key = chessKind(kind);
  const shape = SHAPES[key];
  const scale = size / 100;
  const group = s('g', { class: `chess-piece chess-${key}`, transform: `translate(${x - size / 2} ${y - size / 2}) scale(${scale})` });
  if (!shape) return group;
  for (const d of shape.body) group.append(s('path', { class: 'cp-body', d }));
  for (const [cx, cy, r] of shape.circles) group.append(s('circle', { class: 'cp-body', cx, cy, r }));
  for (const d of shape.details) group.append(s('path', { class: 'cp-detail', d }));
  return group;
}
