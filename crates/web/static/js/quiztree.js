// An explicit tree (the lab's own tree and the quiz) drawn in SVG, and the state of a
// search replayed from its steps: MAX nodes point up, MIN down, the live α and β beside each
// open node, values under nodes, cut branches greyed with scissors. The SVG scales to fit.

import { s, number } from './dom.js';

const SLOT = 44;
const LEVEL = 86;
const TOP = 40;

/** Each node's children, from the parents the server sends. */
export function childrenOf(tree) {
  const children = tree.nodes.map(() => []);
  tree.nodes.forEach((node, i) => { if (node.parent !== null) children[node.parent].push(i); });
  return children;
}

/** The nodes under `node`, itself included. */
export function subtree(tree, node) {
  const children = childrenOf(tree);
  const found = [];
  const stack = [node];
  while (stack.length) { const n = stack.pop(); found.push(n); stack.push(...children[n]); }
  return found;
}

/**
 * The state of every node after the first `count` steps of a search: entered, left, its
 * value, its window as the search narrows it, whether a cut skipped it; and the step's node.
 */
export function replay(tree, steps, count) {
  const state = tree.nodes.map(() => ({ entered: false, left: false, value: null, alpha: null, beta: null, cut: false }));
  let current = null;
  const path = [];
  for (const step of steps.slice(0, count)) {
    current = step.node;
    if (step.kind === 'enter') {
      Object.assign(state[step.node], { entered: true, alpha: step.alpha, beta: step.beta });
      path.push(step.node);
    } else if (step.kind === 'leave') {
      Object.assign(state[step.node], { left: true, value: step.value });
      path.pop();
      const parent = path[path.length - 1];
      if (parent !== undefined) {
        const p = state[parent];
        if (tree.nodes[parent].maximizing) { if (p.alpha === null || step.value > p.alpha) p.alpha = step.value; }
        else if (p.beta === null || step.value < p.beta) p.beta = step.value;
      }
    } else if (step.kind === 'cut') {
      for (const branch of step.pruned) for (const n of subtree(tree, branch)) state[n].cut = true;
    }
  }
  return { state, current };
}

function bound(value, infinite) { return value === null || value === undefined ? infinite : number(value); }

/**
 * The tree as an SVG. `look(i)` gives a node's drawing: { value (text under it or null),
 * window ([α, β] or null), cut, current, mark ('chosen', 'missed', 'wrong', 'right') };
 * `onNode(i)` makes nodes clickable. With `moves`, labels are moves written on the edges
 * (a position's tree); else letters inside the nodes.
 */
export function drawTree(tree, look, onNode, moves = false) {
  const children = childrenOf(tree);
  const pos = [];
  let slot = 0;
  const place = (i) => {
    const xs = children[i].map(place);
    const x = xs.length ? (xs[0] + xs[xs.length - 1]) / 2 : SLOT / 2 + SLOT * slot++;
    pos[i] = { x, y: TOP + tree.nodes[i].depth * LEVEL };
    return x;
  };
  place(0);
  const width = Math.max(slot * SLOT, 160);
  const height = TOP + tree.height * LEVEL + 44;
  const svg = s('svg', { class: 'qt', viewBox: `0 0 ${width} ${height}`, role: 'img' });
  svg.style.maxWidth = `${Math.max(width * 1.4, 320)}px`;
  // Never drawn so small that a finger cannot pick a node: the canvas scrolls instead.
  svg.style.minWidth = `${Math.round(width * 0.8)}px`;
  const edges = s('g', {});
  const marks = s('g', {});
  tree.nodes.forEach((node, i) => {
    const p = pos[i];
    const seen = look(i);
    if (node.parent !== null) {
      const q = pos[node.parent];
      edges.append(s('line', { class: `qt-edge${seen.cut ? ' cut' : ''}`, x1: q.x, y1: q.y + 12, x2: p.x, y2: p.y - 12 }));
      if (seen.cut && !look(node.parent).cut) {
        edges.append(s('text', { class: 'qt-scissors', x: (q.x + p.x) / 2, y: (q.y + p.y) / 2 + 4, text: '✂' }));
      }
    }
    const r = 11;
    const shape = node.maximizing
      ? `M${p.x},${p.y - r - 2} L${p.x + r + 2},${p.y + r - 1} L${p.x - r - 2},${p.y + r - 1} Z`
      : `M${p.x},${p.y + r + 2} L${p.x + r + 2},${p.y - r + 1} L${p.x - r - 2},${p.y - r + 1} Z`;
    const cls = ['qt-node', node.maximizing ? 'max' : 'min', node.leaf ? 'leaf' : 'inner',
      seen.cut ? 'cut' : '', seen.current ? 'current' : '', seen.mark ? `mark-${seen.mark}` : '', seen.dim ? 'dim' : ''].filter(Boolean).join(' ');
    const attrs = { class: cls, 'data-node': i, 'data-label': node.label };
    if (onNode) Object.assign(attrs, { tabindex: '0', role: 'button', onclick: () => onNode(i), onkeydown: (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); onNode(i); } } });
    const group = s('g', attrs,
      seen.current ? s('circle', { class: 'qt-halo', cx: p.x, cy: p.y, r: 19 }) : null,
      seen.mark ? s('circle', { class: 'qt-ring', cx: p.x, cy: p.y, r: 17 }) : null,
      s('path', { d: shape }),
      s('text', { class: 'qt-label', x: p.x, y: node.maximizing ? p.y + 7 : p.y + 2, text: moves ? '' : node.label }),
      seen.value !== null && seen.value !== undefined ? s('text', { class: 'qt-value', x: p.x, y: p.y + 30, text: number(seen.value) }) : null,
      seen.window ? s('text', { class: 'qt-window', x: p.x, y: p.y - 20, text: `α${bound(seen.window[0], '−∞')} β${bound(seen.window[1], '+∞')}` }) : null,
      s('title', { text: node.label }));
    if (node.parent !== null && moves) {
      const q = pos[node.parent];
      edges.append(s('text', { class: 'qt-move', x: (q.x + p.x) / 2 + 4, y: (q.y + p.y) / 2 - 2, text: node.label }));
    }
    marks.append(group);
  });
  svg.append(edges, marks);
  return svg;
}

/** Scrolls `canvas` sideways so that node `i` of the tree drawn in it stands in the middle,
 * when the tree is wider than the canvas (on a phone): a question opens on its root. */
export function centreOn(canvas, i) {
  const node = canvas.querySelector(`[data-node="${i}"]`);
  if (!node || !canvas.clientWidth || canvas.scrollWidth <= canvas.clientWidth) return;
  const box = canvas.getBoundingClientRect();
  const at = node.getBoundingClientRect();
  canvas.scrollLeft += at.left + at.width / 2 - (box.left + canvas.clientWidth / 2);
}
