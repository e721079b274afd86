// Zoom and pan for boards too dense to tap on a phone (a 25×25 caro board has 13 px points
// at 360 px): the board's wrapper becomes a scroll box, the board grows inside it by
// buttons, a pinch, or a tap with a finger on points smaller than a fingertip (that tap
// zooms in around itself instead of playing); one finger then pans, as do scroll bars.
// Zoomed, the coordinates stay pinned to the visible edges, so a point can always be named.

import { h, s } from './dom.js';
import { t } from './i18n.js';

/** The smallest point a finger may tap, in px. */
export const MIN_TAP = 28;
// A tap that zooms aims a little above the minimum; the buttons step by this factor.
const TAP_TARGET = 34;
const STEP = 1.5;
const MAX_CELL = 64;
const ZOOM_BELOW = 32;

/** Zoom for `wrap` (the board's wrapper); `unit` is the drawing's cell size in its units. */
export function createZoom(wrap, unit) {
  let scale = 1;
  let enabled = false;
  let drawingWidth = 1;

  const out = h('button', { class: 'btn small zoom-out', type: 'button', 'data-zoom': 'out', 'aria-label': t('zoom.out'), title: t('zoom.out'), onclick: () => stepBy(1 / STEP), text: '−' });
  const fit = h('button', { class: 'btn small zoom-fit', type: 'button', 'data-zoom': 'fit', title: t('zoom.fitHelp'), onclick: () => zoomTo(1), text: t('zoom.fit') });
  const more = h('button', { class: 'btn small zoom-in', type: 'button', 'data-zoom': 'in', 'aria-label': t('zoom.in'), title: t('zoom.in'), onclick: () => stepBy(STEP), text: '+' });
  const controls = h('div', { class: 'zoom-bar', role: 'group', 'aria-label': t('zoom.label') }, out, fit, more);

  /** A point's size in px at the scale `at`. */
  function cellPx(at = scale) {
    return (wrap.clientWidth * at * unit) / drawingWidth;
  }

  function maxScale() {
    return Math.max(1, MAX_CELL / cellPx(1));
  }

  function svg() { return wrap.querySelector('svg.board'); }

  // The rank labels follow the left edge in view, the file labels the bottom edge, each on a
  // strip of the board's wood so they read over the grid.
  function pinRulers() {
    const board = svg();
    if (!board) return;
    const zoomed = scale > 1.001;
    const perUnit = (wrap.clientWidth * scale) / drawingWidth;
    const left = wrap.scrollLeft / perUnit;
    const hidden = Math.max(0, (board.getBoundingClientRect().height - wrap.scrollTop - wrap.clientHeight) / perUnit);
    for (const label of board.querySelectorAll('[data-axis="rank"]')) {
      if (zoomed) label.setAttribute('transform', `translate(${left} 0)`); else label.removeAttribute('transform');
    }
    for (const label of board.querySelectorAll('[data-axis="file"]')) {
      if (zoomed) label.setAttribute('transform', `translate(0 ${-hidden})`); else label.removeAttribute('transform');
    }
  }

  // The strips under pinned labels (hidden until zoomed, by the stylesheet), and the labels
  // moved above the stones, once per board.
  function addStrips(board) {
    const labels = [...board.querySelectorAll('.coord[data-axis]')];
    if (!labels.length) return;
    const box = board.viewBox.baseVal;
    board.append(
      s('rect', { class: 'ruler-strip', 'data-axis': 'rank', x: 0, y: 0, width: 50, height: box.height }),
      s('rect', { class: 'ruler-strip', 'data-axis': 'file', x: 0, y: box.height - 48, width: box.width, height: 48 }),
      ...labels);
  }

  function apply() {
    const board = svg();
    if (board) board.style.width = `${scale * 100}%`;
    wrap.classList.toggle('zoomed', scale > 1.001);
    out.disabled = scale <= 1.001;
    fit.disabled = scale <= 1.001;
    more.disabled = scale >= maxScale() - 0.001;
    wrap.dataset.zoom = scale.toFixed(2);
    pinRulers();
  }

  /** Zooms to `next`, keeping the board point under (clientX, clientY) where it is (the centre by default). */
  function zoomTo(next, clientX, clientY) {
    const rect = wrap.getBoundingClientRect();
    const px = (clientX ?? rect.left + rect.width / 2) - rect.left;
    const py = (clientY ?? rect.top + rect.height / 2) - rect.top;
    const x = wrap.scrollLeft + px;
    const y = wrap.scrollTop + py;
    const clamped = Math.min(maxScale(), Math.max(1, next));
    const ratio = clamped / scale;
    scale = clamped;
    apply();
    wrap.scrollLeft = x * ratio - px;
    wrap.scrollTop = y * ratio - py;
    pinRulers();
  }

  wrap.addEventListener('scroll', () => { if (enabled) pinRulers(); }, { passive: true });

  function stepBy(factor) { zoomTo(scale * factor); }

  return {
    controls,
    /** Shows `board` (an SVG of a drawing `width` units wide) in place of the last one, keeping the view. */
    show(board, width, zoomable) {
      const left = wrap.scrollLeft;
      const top = wrap.scrollTop;
      drawingWidth = width;
      // Offered where a whole-board point is smaller than a comfortable fingertip.
      enabled = zoomable && cellPx(1) < ZOOM_BELOW;
      if (!enabled) scale = 1;
      wrap.classList.toggle('zoomable', enabled);
      controls.hidden = !enabled;
      if (enabled) addStrips(board);
      wrap.replaceChildren(board);
      apply();
      wrap.scrollLeft = left;
      wrap.scrollTop = top;
      pinRulers();
    },
    /** Whether the board may be zoomed (then one finger pans it and taps may zoom). */
    get enabled() { return enabled; },
    /** One finger moved by (dx, dy) px on a zoomed board. */
    pan(dx, dy) {
      if (!enabled) return;
      wrap.scrollLeft -= dx;
      wrap.scrollTop -= dy;
    },
    /** Two fingers: their distance changed by `ratio` around (clientX, clientY). */
    pinch(ratio, clientX, clientY) {
      if (enabled && ratio !== 1) zoomTo(scale * ratio, clientX, clientY);
    },
    /** A finger's tap on points too small to hit: zooms in around it and says so (true). */
    tapZooms(event) {
      if (!enabled || event.pointerType !== 'touch' || cellPx() >= MIN_TAP) return false;
      zoomTo(Math.max(scale, TAP_TARGET / cellPx(1)), event.clientX, event.clientY);
      return true;
    },
  };
}
