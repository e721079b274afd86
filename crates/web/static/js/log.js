// The search log: each iteration as it finishes (depth, score, nodes, nps, line), the
// teaching search's value of each root move, and on request every legal move's score.

import { h, replace, number, decimal } from './dom.js';
import { t, sideName, reasonText } from './i18n.js';
import { moveText, lineText } from './words.js';
import { levelName, timedLevel } from './levels.js';

const KEPT = 300;

/** Values this big are the search's infinite bounds, not scores. */
const NO_VALUE = 100000000;

function signed(text, value) {
  return value > 0 ? `+${text}` : value < 0 ? `−${text.replace('-', '')}` : text;
}

/**
 * A score as players read it, from the side to move's view. `style` is the game's
 * `score_style` from its state: `plain` values as they are (textbook values), `pawns` in
 * hundredths (+0.40), `threats` in hundredths up to `decided`, a deciding threat beyond.
 */
export function scoreText(score, style) {
  if (!score) return '';
  // Plies to the end, told in the winner's moves (a win in 1 ply is a win in 1 move).
  if (score.kind === 'win_in') return t('score.win_in', { n: Math.ceil(score.value / 2) });
  if (score.kind === 'loss_in') return t('score.loss_in', { n: Math.ceil(score.value / 2) });
  const value = score.value;
  // A move the search never valued (a bound past any real score) has no number to show.
  if (Math.abs(value) >= NO_VALUE) return '—';
  const unit = style ? style.unit : 'plain';
  if (unit === 'threats' && Math.abs(value) >= style.decided) return t(value > 0 ? 'score.threat_for' : 'score.threat_against');
  if (unit === 'pawns' || unit === 'threats') return signed(decimal(Math.abs(value) / 100, 2), value);
  return signed(number(Math.abs(value)), value);
}

// Three figures whatever the size (657K, 1.00M), in the language's compact units; English
// takes them from 'en-US', whose K and M cannot be read as minutes beside the time column
// (en-GB writes 1m).
function compact(value) {
  const n = Number(value || 0);
  if (n < 1000) return number(n);
  return new Intl.NumberFormat(t('locale.compact'), { notation: 'compact', minimumSignificantDigits: 3, maximumSignificantDigits: 3 }).format(n);
}

function seconds(ms, digits) {
  return decimal(ms / 1000, digits);
}

/**
 * An iteration's node count for its column: exact below ten million, then in three figures
 * (13.7M), so that the column never needs more than nine characters (9,999,999) and a long
 * analysis is not cut to "13,710,…"; the exact count is the cell's title.
 */
export function nodesText(nodes) {
  return Number(nodes || 0) < 10_000_000 ? number(nodes) : compact(nodes);
}

/**
 * An iteration's time for its column: hundredths below ten seconds, tenths below a thousand,
 * whole seconds beyond, so that it never needs more than seven characters (999.9 s).
 */
export function timeText(ms) {
  return `${seconds(ms, ms < 10_000 ? 2 : ms < 1_000_000 ? 1 : 0)} s`;
}

function boundText(bound) {
  if (bound === 'upper') return ' ≤';
  if (bound === 'lower') return ' ≥';
  return '';
}

/** `notation()` says the notation moves are shown in (the player's choice, read each time). */
export function createLog(sideNames, scoreStyle, notation = () => null) {
  const entries = h('ol', { class: 'log-entries', 'aria-live': 'polite', 'aria-relevant': 'additions' });
  const table = h('div', { class: 'score-table' });
  const element = h('div', { class: 'log' }, entries, table);
  let algorithm = null;
  let seen = new Set();

  function push(node) {
    entries.append(node);
    trim();
    entries.scrollTop = entries.scrollHeight;
  }

  // Past KEPT lines the oldest go, but never the current search's start and column heads:
  // a long search keeps its title above its lines.
  function trim() {
    const starts = entries.querySelectorAll(':scope > .log-start');
    const current = starts[starts.length - 1] || null;
    const kept = (line) => line === current || (line.classList.contains('log-head') && line.previousElementSibling === current);
    while (entries.children.length > KEPT) {
      let oldest = entries.firstElementChild;
      while (oldest && kept(oldest)) oldest = oldest.nextElementSibling;
      if (!oldest) return;
      oldest.remove();
    }
  }

  function add(event) {
    const key = `${event.type}:${event.id}:${JSON.stringify(event.event || event.result || '')}`;
    if (seen.has(key)) return; // the backlog may repeat what arrived live
    seen.add(key);
    if (event.type === 'think_start') {
      algorithm = event.algorithm;
      const who = sideName(sideNames, event.side);
      const what = t(`log.start.${event.purpose}`, { side: who });
      const how = [levelName(event.level), t(`algorithm.${event.algorithm}`)];
      if (event.movetime_ms && (event.purpose !== 'move' || timedLevel(event.level))) how.push(t('log.seconds', { s: seconds(event.movetime_ms, 1) }));
      push(h('li', { class: 'log-start' }, h('strong', { text: what }), ' ', h('span', { class: 'muted', text: how.join(' · ') })));
      push(h('li', { class: 'log-head' }, ['depth', 'score', 'nodes', 'nps', 'time', 'pv'].map((c) => h('span', { class: `c-${c}`, text: t(`log.col.${c}`) }))));
    } else if (event.type === 'think' && event.event.event === 'iteration' && !(event.event.multipv > 1)) {
      // One line per depth: an analysis's other lines (MultiPV) make its table at the end.
      const line = event.event;
      push(h('li', { class: 'log-iter' },
        h('span', { class: 'c-depth', text: line.seldepth > line.depth ? `${line.depth}/${line.seldepth}` : String(line.depth) }),
        h('span', { class: 'c-score', title: scoreText(line.score, scoreStyle) + boundText(line.bound), text: scoreText(line.score, scoreStyle) + boundText(line.bound) }),
        h('span', { class: 'c-nodes', title: number(line.nodes), text: nodesText(line.nodes) }),
        h('span', { class: 'c-nps', title: number(line.nps), text: compact(line.nps) }),
        h('span', { class: 'c-time', text: timeText(line.time_ms) }),
        h('span', { class: 'c-pv', title: lineText(line, notation()), tabindex: '0', onclick: toggleLine, onkeydown: (event) => { if (event.key === 'Enter') toggleLine(event); }, text: lineText(line, notation()) || '—' })));
    } else if (event.type === 'think' && event.event.event === 'root_move' && algorithm !== 'engine') {
      const mv = event.event;
      push(h('li', { class: 'log-root' }, t('log.tries', { move: moveText(mv, notation()), score: scoreText(mv.score, scoreStyle) + boundText(mv.bound) })));
    } else if (event.type === 'think_done') {
      const r = event.result;
      const best = r.best_move ? moveText(r.best_move, notation()) : '—';
      const key = event.purpose === 'move' ? (event.played ? 'log.done.move' : 'log.done.none') : `log.done.${event.purpose}`;
      // A book move ran no search: say where it came from instead of a score of nothing,
      // and drop the column heads that no iteration follows.
      if (r.book && entries.lastElementChild && entries.lastElementChild.classList.contains('log-head')) entries.lastElementChild.remove();
      const summary = r.book ? t('log.book')
        : t('log.summary', { score: scoreText(r.score, scoreStyle), depth: r.depth, nodes: number(r.nodes), ms: number(r.time_ms) }) + (event.stopped ? ` · ${t('log.stopped')}` : '') + (r.proven ? ` · ${t('log.proven')}` : '');
      push(h('li', { class: r.book ? 'log-done log-book' : 'log-done' }, h('strong', { text: t(key, { move: best }) }), ' ',
        h('span', { class: 'muted', text: summary })));
      if (event.purpose === 'analysis') showTable(r.moves);
    } else if (event.type === 'think_error') {
      push(h('li', { class: 'log-error', text: reasonText(event.error) }));
    }
  }

  // A long line is cut to one row; a click or Enter shows it whole (its title shows it on hover).
  function toggleLine(event) {
    event.currentTarget.classList.toggle('open');
  }

  function showTable(moves) {
    if (!moves || !moves.length) { replace(table); return; }
    replace(table, h('h3', { text: t('log.table') }), h('table', { class: 'moves-table' },
      h('thead', {}, h('tr', {}, h('th', { text: t('log.col.move') }), h('th', { text: t('log.col.score') }))),
      h('tbody', {}, moves.map((m, i) => h('tr', { class: i === 0 ? 'best' : '' },
        h('td', { text: moveText(m, notation()) }), h('td', { text: scoreText(m.score, scoreStyle) + boundText(m.bound) }))))));
  }

  function clear() { replace(entries); replace(table); seen = new Set(); }

  return { element, add, clear, showTable };
}
