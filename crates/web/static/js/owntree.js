// Your own tree (/lab/tree): type a tree and its leaf values, and step minimax and
// alpha-beta through it side by side, one control for both. The server runs ply's teaching
// algorithms on the tree and sends their steps; this page only replays them.

import { api } from './api.js';
import { h, replace, number } from './dom.js';
import { t } from './i18n.js';
import { errorText } from './words.js';
import { drawTree, replay, centreOn } from './quiztree.js';

const PRESETS = ['[[3 12 8] [2 4 6] [14 5 2]]', '[[[3 17] [2 12]] [[15] [25 0]]]', '[5 [[1 2] [7 [3 9]]]]'];

/** The links between the lab, your own tree and the quiz. */
export function labLinks(here) {
  const link = (path, key) => h('a', { href: path, 'data-link': true, class: `btn small${here === path ? ' primary' : ' ghost'}`,
    'aria-current': here === path ? 'page' : null, text: t(key) });
  return h('nav', { class: 'qt-links', 'aria-label': t('owntree.links') },
    link('/lab', 'owntree.link.lab'), link('/lab/tree', 'owntree.link.tree'), link('/lab/quiz', 'owntree.link.quiz'));
}

/** The text at `at` (1-based) with a caret under it, for a syntax mistake. */
export function pointAt(text, at) {
  const shown = text.length > 80 ? text.slice(Math.max(0, at - 40), Math.max(0, at - 40) + 80) : text;
  const offset = text.length > 80 ? at - 1 - Math.max(0, at - 40) : at - 1;
  return h('pre', { class: 'qt-caret', 'aria-hidden': 'true' }, `${shown}\n${' '.repeat(Math.max(0, offset))}^`);
}

/** What one step does, in words. */
export function describeStep(tree, step) {
  if (!step) return t('owntree.skipped');
  const name = (i) => tree.nodes[i].label || t('owntree.root');
  const side = (i) => (tree.nodes[i].maximizing ? 'MAX' : 'MIN');
  const b = (v, inf) => (v === null || v === undefined ? inf : number(v));
  if (step.kind === 'enter') return t('owntree.enter', { node: name(step.node), side: side(step.node), alpha: b(step.alpha, '−∞'), beta: b(step.beta, '+∞') });
  if (step.kind === 'leave') return t(tree.nodes[step.node].leaf ? 'owntree.leaf' : 'owntree.leave', { node: name(step.node), value: number(step.value) });
  return t('owntree.cut', { node: name(step.node), after: name(step.after), alpha: number(step.alpha), beta: number(step.beta),
    pruned: step.pruned.map(name).join(', ') });
}

export function mount(root, _match, query) {
  const input = h('textarea', { id: 'tree-text', name: 'text', rows: 3, spellcheck: 'false', autocomplete: 'off', class: 'qt-text' });
  input.value = query.get('text') || PRESETS[0];
  const problem = h('div', { class: 'qt-problem', 'aria-live': 'polite' });
  const results = h('div', { class: 'qt-results' });
  const form = h('form', { class: 'panel' },
    h('label', { class: 'field', for: 'tree-text' }, h('span', { class: 'field-label', text: t('owntree.text') }), input),
    h('p', { class: 'muted small', text: t('owntree.syntax') }),
    h('div', { class: 'presets' }, h('span', { class: 'muted', text: t('owntree.presets') }),
      PRESETS.map((text) => h('button', { type: 'button', class: 'btn small ghost', 'data-preset': text, onclick: () => { input.value = text; form.requestSubmit(); }, text }))),
    h('div', { class: 'actions' }, h('button', { class: 'btn primary', type: 'submit', 'data-action': 'search-tree', text: t('owntree.run') })),
    problem);
  root.append(h('section', { class: 'lab qt-page' },
    labLinks('/lab/tree'),
    h('div', { class: 'hero small' }, h('h1', { text: t('owntree.title') }), h('p', { class: 'lead', text: t('owntree.lead') })),
    form, results));
  let timer = null;

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    stop();
    replace(problem);
    const text = input.value;
    try {
      const answer = await api('POST', '/api/lab/tree', { text });
      history.replaceState(null, '', `/lab/tree?text=${encodeURIComponent(text)}`);
      show(answer);
    } catch (error) {
      replace(results);
      const at = Number(error.subject);
      replace(problem, h('p', { class: 'error', role: 'alert', text: errorText(error) }),
        error.code && error.code.startsWith('tree_') && at > 0 && error.code !== 'tree_too_long' ? pointAt(text, at) : null);
    }
  });

  function stop() { if (timer) { clearInterval(timer); timer = null; } }

  function show(answer) {
    const { tree, search } = answer;
    const timeline = search.timeline;
    const last = timeline.length;
    let at = 0;
    const panes = ['minimax', 'alphabeta'].map((key) => {
      const canvas = h('div', { class: 'qt-canvas' });
      const caption = h('p', { class: 'tree-caption', 'aria-live': 'polite' });
      const count = h('p', { class: 'muted small' });
      const element = h('section', { class: 'panel tree-panel', 'data-tree': key }, h('h2', { text: t(`owntree.search.${key}`) }), caption, canvas, count);
      return { key, canvas, caption, count, element };
    });
    const slider = h('input', { type: 'range', min: 0, max: last, value: 0, 'aria-label': t('owntree.step') });
    const counter = h('span', { class: 'step-count' });
    const play = h('button', { class: 'btn small', type: 'button', 'data-step': 'play', 'aria-label': t('owntree.play'), onclick: toggle, text: '▷' });
    slider.addEventListener('input', () => go(Number(slider.value)));
    const controls = h('div', { class: 'stepper', role: 'group', 'aria-label': t('owntree.both') },
      h('button', { class: 'btn small', type: 'button', 'data-step': 'first', 'aria-label': t('owntree.first'), onclick: () => go(0), text: '«' }),
      h('button', { class: 'btn small', type: 'button', 'data-step': 'prev', 'aria-label': t('owntree.prev'), onclick: () => go(at - 1), text: '◀' }),
      play,
      h('button', { class: 'btn small', type: 'button', 'data-step': 'next', 'aria-label': t('owntree.next'), onclick: () => go(at + 1), text: '▶' }),
      h('button', { class: 'btn small', type: 'button', 'data-step': 'last', 'aria-label': t('owntree.last'), onclick: () => go(last), text: '»' }),
      slider, counter);
    const summary = h('p', { class: 'qt-summary', 'data-summary': true });
    replace(results,
      h('p', { class: 'muted', text: t('owntree.inStep') }),
      h('section', { class: 'panel qt-stepper' }, controls, summary),
      h('div', { class: 'trees' }, panes.map((p) => p.element)),
      h('p', { class: 'legend muted', text: t('owntree.legend') }));

    function toggle() {
      if (timer) { stop(); play.textContent = '▷'; return; }
      if (at >= last) at = 0;
      play.textContent = '❚❚';
      timer = setInterval(() => { if (at >= last) { stop(); play.textContent = '▷'; } else go(at + 1); }, 450);
    }

    function go(target) {
      at = Math.max(0, Math.min(last, target));
      slider.value = at;
      counter.textContent = t('owntree.stepOf', { step: at, last });
      const done = timeline.slice(0, at);
      const counts = { minimax: at, alphabeta: done.reduce((n, [, ab]) => (ab === null ? n : ab + 1), 0) };
      const stepNow = at ? timeline[at - 1] : null;
      for (const pane of panes) {
        const steps = search[pane.key].steps;
        const { state, current } = replay(tree, steps, counts[pane.key]);
        const onPath = new Set();
        for (let i = current; i !== null && i !== undefined; i = tree.nodes[i].parent) if (state[i].entered && !state[i].left) onPath.add(i);
        replace(pane.canvas, drawTree(tree, (i) => ({
          value: state[i].left ? state[i].value : (tree.nodes[i].leaf ? tree.nodes[i].value : null),
          window: pane.key === 'alphabeta' && (onPath.has(i) || i === current) && state[i].entered ? [state[i].alpha, state[i].beta] : null,
          cut: state[i].cut,
          current: i === current && at > 0,
          dim: !state[i].entered && !state[i].cut,
        })));
        // On a phone the step in hand stays in view (the root before the first step).
        centreOn(pane.canvas, at > 0 && current !== null && current !== undefined ? current : 0);
        let words = t('owntree.start');
        if (stepNow) {
          const index = pane.key === 'minimax' ? stepNow[0] : stepNow[1];
          words = index === null ? t('owntree.skipped') : describeStep(tree, steps[index]);
        }
        pane.caption.textContent = words;
        const visited = state.filter((n) => n.entered).length;
        pane.count.textContent = t('owntree.visited', { n: number(visited), total: number(search[pane.key].visited) });
      }
      summary.textContent = at === last
        ? t('owntree.summary', { minimax: number(search.minimax.value), alphabeta: number(search.alphabeta.value), saved: number(search.minimax.visited - search.alphabeta.visited) })
        : '';
    }
    go(0);
  }

  form.requestSubmit();
  return { leave: stop };
}
