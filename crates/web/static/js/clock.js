// Clocks: the time-control choice on the home page, and on the play page a clock per side
// that counts down for the side to move. The server owns the clocks: each state carries
// the time left as it was written and whose clock runs; the page ticks from the moment it
// got them until the next state, so a reload shows the right time at once.

import { h, replace } from './dom.js';
import { t } from './i18n.js';

/** The usual controls, minutes + increment in seconds, as lichess offers them. */
const CONTROLS = [[1, 0], [3, 2], [5, 3], [10, 5], [15, 10]];

/** The new-game form's time-control field; `saved` is the previous choice (or null). */
export function clockField(saved) {
  const presetOf = (clock) => {
    if (!clock) return 'none';
    const found = CONTROLS.find(([m, s]) => m * 60000 === clock.initial_ms && s * 1000 === clock.increment_ms);
    return found ? `${found[0]}+${found[1]}` : 'custom';
  };
  const chosen = presetOf(saved);
  const select = h('select', { name: 'clock', id: 'new-clock' },
    h('option', { value: 'none', selected: chosen === 'none', text: t('clock.untimed') }),
    CONTROLS.map(([m, s]) => h('option', { value: `${m}+${s}`, selected: chosen === `${m}+${s}`, text: `${m}+${s}` })),
    h('option', { value: 'custom', selected: chosen === 'custom', text: t('clock.custom') }));
  const minutes = h('input', { type: 'number', name: 'clock_minutes', id: 'clock-minutes', min: '0.02', max: '180', step: 'any', inputmode: 'decimal',
    value: saved ? String(+(saved.initial_ms / 60000).toFixed(4)) : '5' });
  const increment = h('input', { type: 'number', name: 'clock_increment', id: 'clock-increment', min: '0', max: '180', step: 'any', inputmode: 'decimal',
    value: saved ? String(saved.increment_ms / 1000) : '3' });
  const custom = h('div', { class: 'clock-custom' },
    h('label', { class: 'field' }, h('span', { class: 'field-label', text: t('clock.minutes') }), minutes),
    h('label', { class: 'field' }, h('span', { class: 'field-label', text: t('clock.increment') }), increment));
  const sync = () => { custom.hidden = select.value !== 'custom'; };
  select.addEventListener('change', sync);
  sync();
  return h('div', { class: 'field clock-field' },
    h('label', { for: 'new-clock', class: 'field-label', text: t('clock.field') }), select, custom,
    h('p', { class: 'muted help', text: t('clock.help') }));
}

/** The time control the form asks for: null (untimed) or {initial_ms, increment_ms}. */
export function readClock(form) {
  const data = new FormData(form);
  const choice = data.get('clock') || 'none';
  if (choice === 'none') return null;
  if (choice === 'custom') {
    return {
      initial_ms: Math.round(Number(data.get('clock_minutes') || 0) * 60000),
      increment_ms: Math.round(Number(data.get('clock_increment') || 0) * 1000),
    };
  }
  const [m, s] = choice.split('+').map(Number);
  return { initial_ms: m * 60000, increment_ms: s * 1000 };
}

/** A time control as players write it: 3+2 (minutes + seconds), or 9 s+1 under a minute. */
export function controlName(clock) {
  const inc = clock.increment_ms / 1000;
  const initial = clock.initial_ms;
  return initial % 60000 === 0 ? `${initial / 60000}+${inc}` : `${+(initial / 1000).toFixed(1)} s+${inc}`;
}

/** A time left as players read it: h:mm:ss, m:ss, and tenths under ten seconds. */
export function formatClock(ms) {
  const left = Math.max(0, ms);
  if (left < 10000) return `0:0${Math.floor(left / 1000)}.${Math.floor((left % 1000) / 100)}`;
  const total = Math.ceil(left / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** The play page's clocks: `face(side)` is that side's clock (null when untimed), kept
 *  from render to render; `update(state)` takes the server's times; `stop()` ends ticking. */
export function createClocks() {
  const faces = {};
  let clock = null;
  let names = ['', ''];
  let received = 0;
  let timer = null;

  for (const side of ['first', 'second']) {
    faces[side] = h('span', { class: 'clock', 'data-side': side, role: 'timer', 'aria-live': 'off' });
  }

  function left(side) {
    const index = side === 'first' ? 0 : 1;
    const base = clock.remaining_ms[index];
    return clock.running === side ? base - (performance.now() - received) : base;
  }

  function tick() {
    if (!clock) return;
    const low = Math.min(10000, clock.initial_ms * 0.3);
    for (const side of ['first', 'second']) {
      const ms = left(side);
      const face = faces[side];
      face.textContent = formatClock(ms);
      face.classList.toggle('running', clock.running === side);
      face.classList.toggle('low', ms < low);
      face.classList.toggle('flagged', ms <= 0);
      face.setAttribute('aria-label', t('clock.label', { side: names[side === 'first' ? 0 : 1], time: formatClock(ms) }));
    }
  }

  return {
    face(side) { return clock ? faces[side] : null; },
    update(state, sideNames) {
      clock = state.clock || null;
      names = sideNames || names;
      received = performance.now();
      if (timer) { clearInterval(timer); timer = null; }
      if (!clock) { for (const face of Object.values(faces)) replace(face); return; }
      tick();
      if (clock.running) timer = setInterval(tick, 100);
    },
    stop() { if (timer) clearInterval(timer); timer = null; },
  };
}
