// Pointer input on a board, for mouse, pen and touch alike (pointer events): a press on a
// piece that may move starts a drag (the piece follows the pointer, a drop plays or is
// refused and the piece returns), a press and release without moving is a click or tap,
// a right click cancels. With one finger on nothing draggable a move pans a zoomed board;
// two fingers pinch it. The board itself is redrawn freely underneath: the wrapper keeps
// the pointer and the cells are found from the pointer's position.

/** How far (px) a pointer must travel before a press becomes a drag or a pan. */
const SLOP = { mouse: 3, pen: 4, touch: 7 };

/**
 * Listens on `wrap`. Handlers:
 * - locate(clientX, clientY) → the cell under the pointer or null;
 * - grab(cell) → a token when a drag may start there (it may select the piece), else null;
 * - tap(cell, token, event) → a click or tap that was no drag;
 * - drop(from, to) → true when the drop was taken (played, or a choice opened), false to
 *   send the piece back (`to` is null off the board);
 * - centre(cell) → where the cell's centre is on screen ({x, y} in px), for the way back;
 * - ghost(cell) → {element, size}: the piece to carry (an SVG) and its size in px;
 * - lift(cell, lifted) → the piece left behind is shown faint while it is carried;
 * - over(cell) → the cell a carried piece is above (null off the board), to mark it;
 * - cancel() → a right click;
 * - pan(dx, dy), pinch(ratio, clientX, clientY, start) → a zoomed board's moves (optional).
 */
export function attachBoardInput(wrap, handlers) {
  const pointers = new Map(); // pointerId → {x, y}
  let press = null; // the gesture of the first pointer
  let pinch = null;

  function clear() {
    if (press && press.carried) {
      press.carried.remove();
      handlers.lift(press.cell, false);
      if (handlers.over) handlers.over(null);
    }
    press = null;
  }

  function place(element, size, x, y) {
    element.style.left = `${x - size / 2}px`;
    element.style.top = `${y - size / 2}px`;
  }

  wrap.addEventListener('pointerdown', (event) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 2 && handlers.pinch) {
      // A second finger: the gesture is a pinch, whatever the first one was doing.
      clear();
      const [a, b] = [...pointers.values()];
      pinch = { distance: Math.hypot(a.x - b.x, a.y - b.y) || 1 };
      handlers.pinch(1, (a.x + b.x) / 2, (a.y + b.y) / 2, true);
      return;
    }
    if (pointers.size > 1) return;
    const cell = handlers.locate(event.clientX, event.clientY);
    if (cell === null) return;
    const token = handlers.grab(cell);
    press = { id: event.pointerId, type: event.pointerType, cell, token, x: event.clientX, y: event.clientY, moved: false, carried: null, size: 0 };
    try { wrap.setPointerCapture(event.pointerId); } catch { /* the pointer may already be gone */ }
    // A piece that may be dragged: no text selection, no native drag of the SVG.
    if (token) event.preventDefault();
  });

  wrap.addEventListener('pointermove', (event) => {
    const known = pointers.get(event.pointerId);
    if (!known) return;
    const last = { x: known.x, y: known.y };
    known.x = event.clientX; known.y = event.clientY;
    if (pinch && pointers.size >= 2) {
      const [a, b] = [...pointers.values()];
      const distance = Math.hypot(a.x - b.x, a.y - b.y) || 1;
      handlers.pinch(distance / pinch.distance, (a.x + b.x) / 2, (a.y + b.y) / 2, false);
      pinch.distance = distance;
      return;
    }
    if (!press || press.id !== event.pointerId) return;
    const far = Math.hypot(event.clientX - press.x, event.clientY - press.y) > (SLOP[press.type] || 4);
    if (!press.moved && far) {
      press.moved = true;
      if (press.token) {
        const { element, size } = handlers.ghost(press.cell);
        // Under a finger the piece is carried larger, so it shows around the fingertip.
        press.size = press.type === 'touch' ? size * 1.4 : size;
        element.classList.add('drag-ghost');
        element.style.width = `${press.size}px`;
        element.style.height = `${press.size}px`;
        document.body.append(element);
        press.carried = element;
        handlers.lift(press.cell, true);
      }
    }
    if (press.carried) {
      place(press.carried, press.size, event.clientX, event.clientY);
      const over = handlers.locate(event.clientX, event.clientY);
      if (over !== press.over) { press.over = over; if (handlers.over) handlers.over(over); }
    }
    else if (press.moved && handlers.pan) handlers.pan(event.clientX - last.x, event.clientY - last.y);
  });

  function finish(event, cancelled) {
    pointers.delete(event.pointerId);
    if (pinch) { if (pointers.size < 2) pinch = null; return; }
    if (!press || press.id !== event.pointerId) return;
    const gesture = press;
    if (gesture.carried && handlers.over) handlers.over(null);
    if (gesture.carried) {
      // Dropped back on its own cell, the piece stays selected; off the board (to null) or
      // on a cell it cannot reach, the page refuses the drop and the piece flies back.
      const to = cancelled ? null : handlers.locate(event.clientX, event.clientY);
      const taken = to !== gesture.cell && handlers.drop(gesture.cell, to);
      if (taken) { clear(); return; }
      sendBack(gesture);
      press = null;
      return;
    }
    press = null;
    if (!cancelled && !gesture.moved) handlers.tap(gesture.cell, gesture.token, event);
  }

  // A refused drop: the piece flies back to its cell, then the board shows it again.
  function sendBack(gesture) {
    const element = gesture.carried;
    const home = handlers.centre(gesture.cell);
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (!home || reduce || !element.animate) {
      element.remove();
      handlers.lift(gesture.cell, false);
      return;
    }
    const from = element.getBoundingClientRect();
    const dx = home.x - (from.left + from.width / 2);
    const dy = home.y - (from.top + from.height / 2);
    const flight = element.animate([{ transform: 'translate(0, 0)' }, { transform: `translate(${dx}px, ${dy}px)` }], { duration: 160, easing: 'ease-out' });
    flight.onfinish = () => { element.remove(); handlers.lift(gesture.cell, false); };
  }

  wrap.addEventListener('pointerup', (event) => finish(event, false));
  wrap.addEventListener('pointercancel', (event) => finish(event, true));
  wrap.addEventListener('lostpointercapture', (event) => { if (pointers.has(event.pointerId)) finish(event, true); });
  wrap.addEventListener('contextmenu', (event) => {
    event.preventDefault();
    // A finger held still fires contextmenu on some phones: that is a slow drag, not a cancel.
    if (press && press.type !== 'mouse') return;
    clear();
    handlers.cancel();
  });
  // Dragging an SVG image natively would steal the pointer.
  wrap.addEventListener('dragstart', (event) => event.preventDefault());

  return {
    /** Whether a piece is being carried (the page waits before redrawing its selection). */
    get dragging() { return !!(press && press.carried); },
    /** The cell a carried piece came from, or null. */
    get origin() { return press && press.carried ? press.cell : null; },
  };
}
