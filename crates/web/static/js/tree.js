// A recorded search tree drawn in SVG: MAX nodes point up, MIN nodes point down, each move
// written above the node it reaches and the value under it (so the two never share a
// line), the window α and β under the value as the search steps (alpha-beta trees),
// branches cut off by alpha-beta greyed and dashed. A stepper walks the search one node at
// a time (enter, leave), opening the path it is on; the view fits a small tree whole and
// otherwise keeps the current node (the root at first) in the middle.

import { h, s, replace, number } from './dom.js';
import { t } from './i18n.js';

const MIN_SLOT = 66;
const LEVEL = 104;
const TOP = 40;
const MAX_STUBS = 4;
// Smallest scale at which a whole tree is drawn to fit; a wider tree scrolls at full size.
const MIN_FIT = 0.8;
// Rough glyph widths of the labels' fonts, to size a slot so that neighbours never touch.
const MOVE_CHAR = 7.4;
const VALUE_CHAR = 8.2;
const WINDOW_CHAR = 6.4;

function windowText(value, infinite) {
  if (value === null || value === undefined) return infinite;
  return number(value);
}

/**
 * A tree view with its stepper; `tree` is a LabTree from the API. `options.window` draws
 * each node's α and β as the search steps (for alpha-beta trees); by default a tree whose
 * root was entered with a finite window, or that has a cut-off, shows them.
 */
export function createTreeView(tree, name, options = {}) {
  const nodes = tree.nodes_list;
  const children = nodes.map(() => []);
  nodes.forEach((node, i) => { if (node.parent !== null) children[node.parent].push(i); });
  const events = [];
  nodes.forEach((node, i) => {
    events[node.entered] = { node: i, kind: 'enter' };
    if (node.left !== null) events[node.left] = { node: i, kind: 'leave' };
  });
  const lastStep = Math.max(0, events.length - 1);
  const expanded = new Set();
  nodes.forEach((node, i) => { if (node.ply < 2 || nodes.length <= 120) expanded.add(i); });
  let step = lastStep;
  let playing = null;
  const showWindow = options.window ?? nodes.some((node) => node.cutoff || node.alpha !== null || node.beta !== null);
  let followed = false; // the view was centred since the last step

  const canvas = h('div', { class: 'tree-canvas', tabindex: '0', 'aria-label': t('lab.treeOf', { name }) });
  const caption = h('p', { class: 'tree-caption', 'aria-live': 'polite' });
  const slider = h('input', { type: 'range', min: 0, max: lastStep, value: step, 'aria-label': t('lab.step') });
  const counter = h('span', { class: 'step-count' });
  const playButton = h('button', { class: 'btn small', type: 'button', 'data-step': 'play', onclick: togglePlay, text: '▷' });
  const controls = h('div', { class: 'stepper' },
    h('button', { class: 'btn small', type: 'button', 'data-step': 'first', 'aria-label': t('lab.first'), onclick: () => go(0), text: '«' }),
    h('button', { class: 'btn small', type: 'button', 'data-step': 'prev', 'aria-label': t('lab.prev'), onclick: () => go(step - 1), text: '◀' }),
    playButton,
    h('button', { class: 'btn small', type: 'button', 'data-step': 'next', 'aria-label': t('lab.next'), onclick: () => go(step + 1), text: '▶' }),
    h('button', { class: 'btn small', type: 'button', 'data-step': 'last', 'aria-label': t('lab.last'), onclick: () => go(lastStep), text: '»' }),
    slider, counter);
  slider.addEventListener('input', () => go(Number(slider.value)));
  canvas.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowRight') { event.preventDefault(); event.stopPropagation(); go(step + 1); }
    if (event.key === 'ArrowLeft') { event.preventDefault(); event.stopPropagation(); go(step - 1); }
    if (event.key === 'Home') { event.preventDefault(); go(0); }
    if (event.key === 'End') { event.preventDefault(); go(lastStep); }
  });

  const element = h('div', { class: 'tree-view' }, controls, caption, canvas,
    tree.truncated ? h('p', { class: 'muted small', text: t('lab.truncated', { shown: number(nodes.length), total: number(tree.nodes) }) }) : null);

  function togglePlay() {
    if (playing) { clearInterval(playing); playing = null; playButton.textContent = '▷'; return; }
    if (step >= lastStep) step = 0;
    playButton.textContent = '❚❚';
    playing = setInterval(() => { if (step >= lastStep) togglePlay(); else go(step + 1); }, 350);
  }

  function go(target) {
    followed = false;
    step = Math.max(0, Math.min(lastStep, target));
    const event = events[step];
    if (event) for (let p = nodes[event.node].parent; p !== null; p = nodes[p].parent) expanded.add(p);
    draw();
  }

  // The window at `i` at the current step: as on entry, narrowed by the values of the
  // children already left (a MAX node raises α, a MIN node lowers β).
  function windowAt(i) {
    const node = nodes[i];
    let alpha = node.alpha;
    let beta = node.beta;
    for (const c of children[i]) {
      const child = nodes[c];
      if (child.left === null || child.left > step || child.value === null) continue;
      if (node.maximizing) alpha = alpha === null ? child.value : Math.max(alpha, child.value);
      else beta = beta === null ? child.value : Math.min(beta, child.value);
    }
    return { alpha, beta };
  }

  function windowLabel(i) {
    const w = windowAt(i);
    return `α ${windowText(w.alpha, '−∞')}  β ${windowText(w.beta, '+∞')}`;
  }

  function draw() {
    slider.value = step;
    counter.textContent = t('lab.stepOf', { step, last: lastStep });
    const current = events[step] ? events[step].node : 0;
    // Layout: leaves take the next slot, parents sit over their children.
    const pos = new Map();
    let slots = 0;
    let deepest = 0;
    let widest = 0;
    const stubsOf = (i) => {
      const node = nodes[i];
      if (!node.pruned.length || node.left === null || node.left > step || !expanded.has(i)) return [];
      const names = node.pruned.slice(0, MAX_STUBS);
      const more = node.pruned.length - names.length + node.pruned_more;
      return more > 0 ? [...names, t('lab.more', { n: more })] : names;
    };
    const place = (i) => {
      const node = nodes[i];
      deepest = Math.max(deepest, node.ply);
      const kids = expanded.has(i) ? children[i].filter((c) => nodes[c].entered <= step) : [];
      const stubs = stubsOf(i);
      const xs = kids.map(place);
      const stubXs = stubs.map((label) => {
        deepest = Math.max(deepest, node.ply + 1);
        widest = Math.max(widest, label.length * MOVE_CHAR);
        return slots++ + 0.5;
      });
      const all = [...xs, ...stubXs];
      const x = all.length ? (all[0] + all[all.length - 1]) / 2 : slots++ + 0.5;
      const done = node.left !== null && node.left <= step;
      widest = Math.max(widest, (node.move || '').length * MOVE_CHAR, (done ? number(node.value) : '?').length * VALUE_CHAR);
      if (showWindow) widest = Math.max(widest, windowLabel(i).length * WINDOW_CHAR);
      pos.set(i, { x, y: TOP + node.ply * LEVEL, stubs: stubs.map((label, k) => ({ label, x: stubXs[k] })) });
      return x;
    };
    if (nodes.length) place(0);
    // A slot is as wide as the widest label plus a gap, so neighbours' labels never meet.
    const slot = Math.max(MIN_SLOT, Math.ceil(widest + 14));
    for (const p of pos.values()) {
      p.x *= slot;
      for (const stub of p.stubs) stub.x *= slot;
    }
    const width = Math.max(slots * slot, 200);
    const height = TOP + (deepest + 1) * LEVEL;
    const available = canvas.clientWidth || width;
    const scale = width <= available ? 1 : Math.max(MIN_FIT, available / width);
    const fits = width * scale <= available + 1;
    const svg = s('svg', { class: 'tree', width: Math.round(width * scale), height: Math.round(height * scale), viewBox: `0 0 ${width} ${height}`,
      'data-scale': scale.toFixed(2), 'data-fits': fits ? 'yes' : 'no' });
    const edges = s('g', {});
    const marks = s('g', {});
    const labels = s('g', {});
    for (const [i, p] of pos) {
      const node = nodes[i];
      if (node.parent !== null && pos.has(node.parent)) {
        const q = pos.get(node.parent);
        edges.append(s('line', { class: 'edge', x1: q.x, y1: q.y + 16, x2: p.x, y2: p.y - 36 }));
        labels.append(s('text', { class: 'edge-label', x: p.x, y: p.y - 22, text: node.move }));
      }
      for (const stub of p.stubs) {
        const y = p.y + LEVEL;
        edges.append(s('line', { class: 'edge pruned', x1: p.x, y1: p.y + 16, x2: stub.x, y2: y - 14 }));
        marks.append(s('g', { class: 'pruned-node' }, s('text', { class: 'scissors', x: stub.x, y: y + 2, text: '✂' }),
          s('text', { class: 'pruned-label', x: stub.x, y: y + 22, text: stub.label })));
      }
      const done = node.left !== null && node.left <= step;
      const entered = node.entered <= step;
      const hidden = children[i].length && !expanded.has(i);
      const cls = `tree-node ${node.maximizing ? 'max' : 'min'}${i === current ? ' current' : ''}${done ? ' done' : ' open'}${node.kind === 'terminal' ? ' terminal' : ''}`;
      const shape = node.maximizing
        ? `M${p.x},${p.y - 15} L${p.x + 16},${p.y + 12} L${p.x - 16},${p.y + 12} Z`
        : `M${p.x},${p.y + 15} L${p.x + 16},${p.y - 12} L${p.x - 16},${p.y - 12} Z`;
      const group = s('g', { class: cls, 'data-node': i, onclick: () => { if (children[i].length) { if (expanded.has(i)) expanded.delete(i); else expanded.add(i); followed = false; draw(); } } },
        i === current ? s('circle', { class: 'halo', cx: p.x, cy: p.y, r: 24 }) : null,
        s('path', { d: shape }),
        hidden ? s('text', { class: 'node-more', x: p.x + 20, y: p.y - 8, text: `+${children[i].length}` }) : null,
        s('title', { text: nodeTitle(node) }));
      marks.append(group);
      labels.append(s('text', { class: 'node-value', x: p.x, y: p.y + 32, text: done ? number(node.value) : '?' }));
      if (showWindow && entered) labels.append(s('text', { class: 'node-window', 'data-window': i, x: p.x, y: p.y + 47, text: windowLabel(i) }));
    }
    svg.append(edges, marks, labels);
    replace(canvas, svg);
    caption.textContent = describe(events[step]);
    follow(pos.get(current) || pos.get(0), scale);
  }

  // Brings `p` (the current node) to the middle of the canvas, once the canvas has a size
  // (a view drawn before it is on the page is centred when it first gets one).
  function follow(p, scale) {
    if (!p || !canvas.clientWidth) return;
    const x = p.x * scale;
    const y = p.y * scale;
    canvas.scrollLeft = Math.max(0, x - canvas.clientWidth / 2);
    canvas.scrollTop = Math.max(0, y - canvas.clientHeight / 3);
    followed = true;
  }

  if (typeof ResizeObserver === 'function') {
    let lastWidth = 0;
    new ResizeObserver(() => {
      // A scrollbar coming or going changes the width a little: not worth a redraw.
      if (!canvas.clientWidth || (followed && Math.abs(canvas.clientWidth - lastWidth) < 24)) return;
      lastWidth = canvas.clientWidth;
      draw();
    }).observe(canvas);
  }

  function nodeTitle(node) {
    const side = node.maximizing ? 'MAX' : 'MIN';
    return `${node.move || t('lab.root')} · ${side} · α=${windowText(node.alpha, '−∞')} β=${windowText(node.beta, '+∞')}${node.value !== null ? ` · ${number(node.value)}` : ''}`;
  }

  function describe(event) {
    if (!event) return '';
    const node = nodes[event.node];
    const where = node.move || t('lab.root');
    const side = node.maximizing ? 'MAX' : 'MIN';
    if (event.kind === 'enter') {
      return t('lab.enters', { node: where, side, alpha: windowText(node.alpha, '−∞'), beta: windowText(node.beta, '+∞') });
    }
    if (node.cutoff) {
      const skipped = node.pruned.join(', ') + (node.pruned_more ? ` ${t('lab.more', { n: node.pruned_more })}` : '');
      return t('lab.cuts', { node: where, value: number(node.value), alpha: number(node.cutoff[0]), beta: number(node.cutoff[1]), moves: skipped });
    }
    return t(`lab.leaves.${node.kind}`, { node: where, value: number(node.value) });
  }

  draw();
  return { element, stop() { if (playing) clearInterval(playing); } };
}
