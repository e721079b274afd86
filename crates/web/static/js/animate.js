// Moves seen happening: the piece slides from its cell to the new one, a stone settles
// onto its point. Nothing moves for people who ask their system for reduced motion.

const SLIDE_MS = 200;
const SETTLE_MS = 160;

/** Whether the system asks for reduced motion. */
export function reducedMotion() {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Animates the piece now standing on `to` in the board `svg` (drawn with geometry `g`) as
 * coming from `from` (null for a placed stone). Returns the animation, or null.
 */
export function animateMove(svg, g, from, to) {
  const piece = svg.querySelector(`.piece[data-cell="${to}"]`);
  if (!piece || !piece.animate) return null;
  if (from === null || from === undefined) {
    piece.classList.add('settling');
    const settle = piece.animate([{ opacity: 0, transform: 'scale(1.35)' }, { opacity: 1, transform: 'scale(1)' }], { duration: SETTLE_MS, easing: 'ease-out' });
    settle.onfinish = () => piece.classList.remove('settling');
    return settle;
  }
  const a = g.centre(from);
  const b = g.centre(to);
  piece.classList.add('moving');
  const slide = piece.animate([{ transform: `translate(${a.x - b.x}px, ${a.y - b.y}px)` }, { transform: 'translate(0px, 0px)' }], { duration: SLIDE_MS, easing: 'cubic-bezier(.25, .8, .35, 1)' });
  slide.onfinish = () => piece.classList.remove('moving');
  return slide;
}
