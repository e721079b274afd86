// The search log: each iteration as it finishes (depth, score, nodes, nps, line), the
// teaching search's value of each root move, and on request every legal move's score.

import { h, replace, number } from './dom.js';
import { t, sideName } from './i18n.js';

const KEPT = 300;

/** A score as players read it, from the side to move's view. */
export function scoreText(score) {
  if (!score) return '';
  if (score.kind === 'win_in') return t('score.win_in', { n: score.value });
  if (score.kind === 'loss_in') return t('score.loss_in', { n: score.value });
  const value = score.value;
  return value > 0 ? `+${value}` : String(value);
}

function boundText(bound) {
  if (bound === 'upper') return ' ≤';
  if (bound === 'lower') return ' ≥';
  return '';
}

export function createLog(sideNames) {
  const entries = h('ol', { class: 'log-entries', 'aria-live': 'polite', 'aria-relevant': 'additions' });
  const table = h('div', { class: 'score-table' });
  const element = h('div', { class: 'log' }, entries, table);
  let algorithm = null;
  let seen = new Set();

  function push(node) {
    entries.append(node);
    while (entries.children.length > KEPT) entries.firstChild.remove();
    entries.scrollTop = entries.scrollHeight;
  }

  function add(event) {
    const key = `${event.type}:${event.id}:${JSON.stringify(event.event || event.result || '')}`;
    if (seen.has(key)) return; // the backlog may repeat what arrived live
    seen.add(key);
    if (event.type === 'think_start') {
      algorithm = event.algorithm;
      const who = sideName(sideNames, event.side);
      const what = t(`log.start.${event.purpose}`, { side: who });
      const how = [t(`level.${event.level}`), t(`algorithm.${event.algorithm}`)];
      if (event.movetime_ms) how.push(t('log.seconds', { s: (event.movetime_ms / 1000).toFixed(1) }));
      push(h('li', { class: 'log-start' }, h('strong', { text: what }), ' ', h('span', { class: 'muted', text: how.join(' · ') })));
      push(h('li', { class: 'log-head' }, ['depth', 'score', 'nodes', 'nps', 'time', 'pv'].map((c) => h('span', { class: `c-${c}`, text: t(`log.col.${c}`) }))));
    } else if (event.type === 'think' && event.event.event === 'iteration') {
      const line = event.event;
      push(h('li', { class: 'log-iter' },
        h('span', { class: 'c-depth', text: line.seldepth > line.depth ? `${line.depth}/${line.seldepth}` : String(line.depth) }),
        h('span', { class: 'c-score', text: scoreText(line.score) + boundText(line.bound) }),
        h('span', { class: 'c-nodes', text: number(line.nodes) }),
        h('span', { class: 'c-nps', text: number(line.nps) }),
        h('span', { class: 'c-time', text: `${(line.time_ms / 1000).toFixed(2)}s` }),
        h('span', { class: 'c-pv', text: line.pv_display.join(' ') })));
    } else if (event.type === 'think' && event.event.event === 'root_move' && algorithm !== 'engine') {
      const mv = event.event;
      push(h('li', { class: 'log-root' }, t('log.tries', { move: mv.display, score: scoreText(mv.score) + boundText(mv.bound) })));
    } else if (event.type === 'think_done') {
      const r = event.result;
      const best = r.best_move ? r.best_move.display : '—';
      const key = event.purpose === 'move' ? (event.played ? 'log.done.move' : 'log.done.none') : `log.done.${event.purpose}`;
      push(h('li', { class: 'log-done' }, h('strong', { text: t(key, { move: best }) }), ' ',
        h('span', { class: 'muted', text: t('log.summary', { score: scoreText(r.score), depth: r.depth, nodes: number(r.nodes), ms: number(r.time_ms) }) + (event.stopped ? ` · ${t('log.stopped')}` : '') + (r.proven ? ` · ${t('log.proven')}` : '') })));
      if (event.purpose === 'analysis') showTable(r.moves);
    } else if (event.type === 'think_error') {
      push(h('li', { class: 'log-error', text: event.error }));
    }
  }

  function showTable(moves) {
    if (!moves || !moves.length) { replace(table); return; }
    replace(table, h('h3', { text: t('log.table') }), h('table', { class: 'moves-table' },
      h('thead', {}, h('tr', {}, h('th', { text: t('log.col.move') }), h('th', { text: t('log.col.score') }))),
      h('tbody', {}, moves.map((m, i) => h('tr', { class: i === 0 ? 'best' : '' },
        h('td', { text: m.display }), h('td', { text: scoreText(m.score) + boundText(m.bound) }))))));
  }

  function clear() { replace(entries); replace(table); seen = new Set(); }

  return { element, add, clear, showTable };
}
