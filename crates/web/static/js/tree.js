// A recorded search tree drawn in SVG: MAX nodes point up, MIN nodes point down, values
// under them, moves on the edges, branches cut off by alpha-beta greyed and dashed. A
// stepper walks the search one node at a time (enter, leave), opening the path it is on.

import { h, s, replace, number } from './dom.js';
import { t } from './i18n.js';

const SLOT = 66;
const LEVEL = 96;
const TOP = 34;
const MAX_STUBS = 4;

function windowText(value, infinite) {
  if (value === null || value === undefined) return infinite;
  return number(value);
}

/** A tree view with its stepper; `tree` is a LabTree from the API. */
export function createTreeView(tree, name) {
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
    step = Math.max(0, Math.min(lastStep, target));
    const event = events[step];
    if (event) for (let p = nodes[event.node].parent; p !== null; p = nodes[p].parent) expanded.add(p);
    draw();
  }

  function draw() {
    slider.value = step;
    counter.textContent = t('lab.stepOf', { step, last: lastStep });
    const current = events[step] ? events[step].node : 0;
    // Layout: leaves take the next slot, parents sit over their children.
    const pos = new Map();
    let slot = 0;
    let deepest = 0;
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
      const stubXs = stubs.map(() => { deepest = Math.max(deepest, node.ply + 1); return SLOT / 2 + SLOT * slot++; });
      const all = [...xs, ...stubXs];
      const x = all.length ? (all[0] + all[all.length - 1]) / 2 : SLOT / 2 + SLOT * slot++;
      pos.set(i, { x, y: TOP + node.ply * LEVEL, stubs: stubs.map((label, k) => ({ label, x: stubXs[k] })) });
      return x;
    };
    if (nodes.length) place(0);
    const width = Math.max(slot * SLOT, 200);
    const height = TOP + (deepest + 1) * LEVEL;
    const svg = s('svg', { class: 'tree', width, height, viewBox: `0 0 ${width} ${height}` });
    const edges = s('g', {});
    const marks = s('g', {});
    for (const [i, p] of pos) {
      const node = nodes[i];
      if (node.parent !== null && pos.has(node.parent)) {
        const q = pos.get(node.parent);
        edges.append(s('line', { class: 'edge', x1: q.x, y1: q.y + 14, x2: p.x, y2: p.y - 14 }));
        edges.append(s('text', { class: 'edge-label', x: (q.x + p.x) / 2 + 3, y: (q.y + p.y) / 2, text: node.move }));
      }
      for (const stub of p.stubs) {
        const y = p.y + LEVEL;
        edges.append(s('line', { class: 'edge pruned', x1: p.x, y1: p.y + 14, x2: stub.x, y2: y - 10 }));
        marks.append(s('g', { class: 'pruned-node' }, s('text', { class: 'scissors', x: stub.x, y: y + 2, text: '✂' }),
          s('text', { class: 'pruned-label', x: stub.x, y: y + 22, text: stub.label })));
      }
      const done = node.left !== null && node.left <= step;
      const hidden = children[i].length && !expanded.has(i);
      const cls = `tree-node ${node.maximizing ? 'max' : 'min'}${i === current ? ' current' : ''}${done ? ' done' : ' open'}${node.kind === 'terminal' ? ' terminal' : ''}`;
      const shape = node.maximizing
        ? `M${p.x},${p.y - 15} L${p.x + 16},${p.y + 12} L${p.x - 16},${p.y + 12} Z`
        : `M${p.x},${p.y + 15} L${p.x + 16},${p.y - 12} L${p.x - 16},${p.y - 12} Z`;
      const group = s('g', { class: cls, 'data-node': i, onclick: () => { if (children[i].length) { if (expanded.has(i)) expanded.delete(i); else expanded.add(i); draw(); } } },
        i === current ? s('circle', { class: 'halo', cx: p.x, cy: p.y, r: 24 }) : null,
        s('path', { d: shape }),
        s('text', { class: 'node-value', x: p.x, y: p.y + 34, text: done ? number(node.value) : '?' }),
        hidden ? s('text', { class: 'node-more', x: p.x + 20, y: p.y - 8, text: `+${children[i].length}` }) : null,
        s('title', { text: nodeTitle(node) }));
      marks.append(group);
    }
    svg.append(edges, marks);
    replace(canvas, svg);
    const c = pos.get(current);
    if (c) canvas.scrollLeft = Math.max(0, c.x - canvas.clientWidth / 2);
    caption.textContent = describe(events[step]);
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
