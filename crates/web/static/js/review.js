// The game's analysis on the play page: start and stop it (the server runs it in the
// background and keeps it), its progress, an evaluation graph of the first player's
// expected score over the game (SVG built through the DOM), each move's verdict (?!, ?, ??)
// for the move list, the better move for the board's arrow, the engine's line, and the
// computer's own search for each move it played.

import { api } from './api.js';
import { h, s, replace, number } from './dom.js';
import { t, sideName } from './i18n.js';
import { errorText } from './words.js';
import { scoreText } from './log.js';

const SYMBOLS = { inaccuracy: '?!', mistake: '?', blunder: '??' };
const W = 300;
const H = 80;
const POLL_MS = 700;

/**
 * `id` the game; `seek(ply)` shows the position after `ply` moves; `changed()` asks the page
 * to draw again (verdicts, arrow); `say(text)` shows an error.
 */
export function createReview({ id, seek, changed, say }) {
  let analysis = null;
  let state = null;
  let ply = null;
  let timer = null;
  let gone = false;

  const startButton = h('button', { class: 'btn small', type: 'button', 'data-action': 'analyse-game', onclick: start, text: t('analysis.start') });
  const stopButton = h('button', { class: 'btn small', type: 'button', 'data-action': 'stop-analysis', onclick: stop, text: t('analysis.stop') });
  const progress = h('progress', { class: 'analysis-progress', max: '1', value: '0' });
  const status = h('span', { class: 'analysis-status muted', 'aria-live': 'polite' });
  const graph = h('div', { class: 'eval-graph' });
  const detail = h('div', { class: 'analysis-detail' });
  const summary = h('p', { class: 'analysis-summary muted' });
  const element = h('section', { class: 'analysis-panel', 'aria-label': t('analysis.title') },
    h('h2', { class: 'small-title', text: t('analysis.title') }),
    h('div', { class: 'analysis-actions' }, startButton, stopButton, progress, status), graph, summary, detail);

  async function start() {
    try {
      await api('POST', `/api/games/${id}/analysis`);
      await load();
    } catch (error) { say(errorText(error)); }
  }

  async function stop() {
    try {
      await api('DELETE', `/api/games/${id}/analysis`);
      await load();
    } catch (error) { say(errorText(error)); }
  }

  async function load() {
    if (gone) return;
    try {
      analysis = await api('GET', `/api/games/${id}/analysis`);
    } catch (error) { say(errorText(error)); return; }
    clearTimeout(timer);
    if (analysis.state === 'running') timer = setTimeout(load, POLL_MS);
    draw();
    changed();
  }

  function moveReview(n) {
    return analysis && analysis.moves ? analysis.moves[n - 1] || null : null;
  }

  function search(n) {
    return analysis && analysis.searches ? analysis.searches.find((kept) => kept.ply === n) || null : null;
  }

  function draw() {
    const a = analysis;
    const running = !!a && a.state === 'running';
    const finished = state && state.status.state === 'finished';
    // A watcher sees the analysis its owner started; only the owner starts or stops one.
    const watching = !!state && state.yours === false;
    startButton.hidden = running || watching || !state || state.history.length === 0;
    startButton.textContent = a && a.state === 'done' ? t('analysis.again') : t('analysis.start');
    startButton.disabled = !!a && a.state === 'done' && a.moves_analysed === state.history.length;
    stopButton.hidden = !running || watching;
    progress.hidden = !running;
    if (a && a.total) { progress.max = String(a.total); progress.value = String(a.done || 0); }
    status.textContent = !a || a.state === 'none' ? (finished && !watching ? t('analysis.offer') : '')
      : t(`analysis.state.${a.state}`, { done: a.done || 0, total: a.total || 0 });
    drawGraph();
    drawSummary();
    drawDetail();
  }

  function drawGraph() {
    const positions = analysis && analysis.positions ? analysis.positions : [];
    if (!positions.length || !state) { replace(graph); return; }
    const total = Math.max(1, (analysis.total || positions.length) - 1);
    const x = (i) => (i / total) * W;
    const y = (expected) => H - (expected / 100) * H;
    const points = positions.map((p, i) => `${x(i).toFixed(1)},${y(p.expected).toFixed(1)}`);
    const area = `0,${H} ${points.join(' ')} ${x(positions.length - 1).toFixed(1)},${H}`;
    const svg = s('svg', { class: 'eval-graph-svg', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': t('analysis.graph', { side: sideName(state.side_names, 'first') }), preserveAspectRatio: 'none' },
      s('rect', { class: 'graph-back', x: 0, y: 0, width: W, height: H }),
      s('polygon', { class: 'graph-area', points: area }),
      s('line', { class: 'graph-mid', x1: 0, y1: H / 2, x2: W, y2: H / 2 }),
      s('polyline', { class: 'graph-line', points: points.join(' ') }));
    (analysis.moves || []).forEach((m) => {
      if (!m.verdict) return;
      svg.append(s('circle', { class: `graph-mark verdict-${m.verdict}`, cx: x(m.ply).toFixed(1), cy: y(positions[m.ply] ? positions[m.ply].expected : 50).toFixed(1), r: 3.2, 'data-ply': m.ply }));
    });
    const at = ply === null ? state.history.length : ply;
    if (at <= total) svg.append(s('line', { class: 'graph-now', x1: x(at), y1: 0, x2: x(at), y2: H }));
    svg.addEventListener('click', (event) => {
      const box = svg.getBoundingClientRect();
      if (!box.width) return;
      const target = Math.round(((event.clientX - box.left) / box.width) * total);
      seek(Math.max(0, Math.min(state.history.length, target)));
    });
    replace(graph, svg);
  }

  function drawSummary() {
    const moves = analysis && analysis.moves ? analysis.moves : [];
    if (!moves.length || !state) { replace(summary); return; }
    const line = (side) => {
      const count = (verdict) => moves.filter((m) => m.side === side && m.verdict === verdict).length;
      return t('analysis.count', { side: sideName(state.side_names, side), inaccuracies: count('inaccuracy'), mistakes: count('mistake'), blunders: count('blunder') });
    };
    replace(summary, h('span', { text: line('first') }), h('br'), h('span', { text: line('second') }));
  }

  // What the engine says of the position on the board: the move played from it (graded),
  // the better move and the line; the computer's own search if it played that move.
  function drawDetail() {
    if (!state || ply === null) { replace(detail); return; }
    const next = ply + 1;
    const rows = [];
    const graded = moveReview(next);
    const position = analysis && analysis.positions ? analysis.positions[ply] : null;
    const played = state.history[ply];
    if (position) {
      rows.push(h('p', { class: 'analysis-eval' }, h('strong', { text: t('analysis.eval') }), ` ${scoreText(position.score, analysis.score_style)}`,
        h('span', { class: 'muted', text: ` · ${t('analysis.depth', { depth: position.depth, nodes: number(position.nodes) })}` })));
    }
    if (played && graded) {
      const symbol = graded.verdict ? SYMBOLS[graded.verdict] : '';
      rows.push(h('p', { class: `analysis-move${graded.verdict ? ` verdict-${graded.verdict}` : ''}` },
        h('strong', { text: `${t('analysis.played')} ${graded.display}${symbol}` }),
        graded.verdict ? ` — ${t(`analysis.verdict.${graded.verdict}`)} (${t('analysis.loss', { loss: Math.round(graded.loss) })})` : ` — ${t('analysis.good')}`));
      if (graded.better) rows.push(h('p', { class: 'analysis-better' }, h('strong', { text: t('analysis.better') }), ` ${graded.better.display}`));
      if (graded.line && graded.line.length) rows.push(h('p', { class: 'analysis-line' }, h('strong', { text: t('analysis.line') }), ` ${graded.line.join(' ')}`));
    } else if (position && position.line && position.line.length) {
      rows.push(h('p', { class: 'analysis-line' }, h('strong', { text: t('analysis.line') }), ` ${position.line.join(' ')}`));
    }
    const kept = played ? search(next) : null;
    if (kept) {
      rows.push(h('p', { class: 'analysis-search' }, h('strong', { text: t('analysis.computer') }),
        ` ${t('analysis.searched', { depth: kept.depth, score: scoreText(kept.score, analysis.score_style), nodes: number(kept.nodes) })}`,
        kept.line.length ? h('span', { class: 'muted', text: ` · ${kept.line.join(' ')}` }) : null));
    }
    replace(detail, rows);
  }

  return {
    element,
    /** The game's state (a new move, a finished game). */
    update(next) {
      const first = !state;
      const grew = state && next.history.length !== state.history.length;
      state = next;
      if (first || grew) load(); else draw();
    },
    /** The position on the board: after `n` moves in review, null when playing. */
    show(n) { ply = n; draw(); },
    /** The verdict on move `n` (1: the first), if any: {verdict, symbol}. */
    verdict(n) {
      const m = moveReview(n);
      return m && m.verdict ? { verdict: m.verdict, symbol: SYMBOLS[m.verdict] } : null;
    },
    /** The engine's move from the position after `n` moves, for an arrow: {from, to}. */
    better(n) {
      const position = analysis && analysis.positions ? analysis.positions[n] : null;
      return position && position.best ? { from: position.best.from, to: position.best.to } : null;
    },
    /** The analysis' value of the position after `n` moves (first player's view): {score, style}. */
    evaluation(n) {
      const position = analysis && analysis.positions ? analysis.positions[n] : null;
      return position ? { score: position.score, style: analysis.score_style } : null;
    },
    leave() { gone = true; clearTimeout(timer); },
  };
}
