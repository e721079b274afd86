// The evaluation bar beside the board: the first player's expected score (0 to 100) from
// the engine's latest value, read as the analysis reads it (crates/games/src/session/
// analysis.rs: lichess's curve for pawns, the same curve stretched so that a deciding caro
// threat is 95, a proven win 100). Fed by the computer's searches and the hint; hidden
// from the settings.

import { h } from './dom.js';
import { t } from './i18n.js';
import { scoreText } from './log.js';

const PAWN_SLOPE = 0.00368208;
const DECIDED_X = 2.944438979;
const PLAIN_DECIDED = 8;

/** The expected score (0–100) of the side whose value `score` is, for the game's `style`. */
export function expectedScore(score, style) {
  if (!score) return 50;
  if (score.kind === 'win_in') return 100;
  if (score.kind === 'loss_in') return 0;
  const value = score.value;
  const unit = style ? style.unit : 'plain';
  const x = unit === 'pawns' ? PAWN_SLOPE * value
    : unit === 'threats' ? DECIDED_X * value / Math.max(1, style.decided)
      : DECIDED_X * value / PLAIN_DECIDED;
  return 50 + 50 * (2 / (1 + Math.exp(-x)) - 1);
}

/** The same score seen by the other side. */
export function flipScore(score) {
  if (!score) return score;
  if (score.kind === 'win_in') return { kind: 'loss_in', value: score.value };
  if (score.kind === 'loss_in') return { kind: 'win_in', value: score.value };
  return { kind: 'value', value: -score.value };
}

/** A vertical bar: `set(score, style, side)` takes a value for `side` ('first' or 'second'). */
export function createEvalBar() {
  const fill = h('div', { class: 'evalbar-fill' });
  const label = h('span', { class: 'evalbar-label' });
  const element = h('div', { class: 'evalbar', role: 'meter', 'aria-valuemin': '0', 'aria-valuemax': '100', 'aria-valuenow': '50', 'aria-label': t('evalbar.label') }, fill, label);
  let shown = { expected: 50, text: '' };

  function draw(flipped) {
    // Seen from below: the first player's share rises from the bottom unless the board is turned.
    element.classList.toggle('flipped', !!flipped);
    // The label sits at the end of the side ahead, on its colour, where there is room.
    element.classList.toggle('behind', shown.expected < 50);
    fill.style.height = `${shown.expected.toFixed(1)}%`;
    element.setAttribute('aria-valuenow', shown.expected.toFixed(0));
    element.title = shown.text ? t('evalbar.title', { score: shown.text }) : t('evalbar.label');
    label.textContent = shown.text;
  }

  return {
    element,
    /** A value `score` for `side`; `kind` is the board's kind (the bar takes its colours). */
    set(score, style, side, flipped) {
      const first = side === 'second' ? flipScore(score) : score;
      shown = { expected: expectedScore(first, style), text: scoreText(first, style) };
      draw(flipped);
    },
    /** Back to even, no value (a new position nobody has searched). */
    reset(flipped) { shown = { expected: 50, text: '' }; draw(flipped); },
    draw,
  };
}
