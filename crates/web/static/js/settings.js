// The player's settings for moving pieces — animation, premove, move sound — and whether
// the evaluation bar shows beside the board, kept in
// localStorage, with the dialog the play page opens to change them.

import { h, replace } from './dom.js';
import { t } from './i18n.js';

const STORE = 'ply.settings';
const DEFAULTS = { animation: true, premove: false, sound: false, evalbar: true };

/** The settings now (defaults for what was never set or cannot be read). */
export function settings() {
  let stored = {};
  try { stored = JSON.parse(localStorage.getItem(STORE) || '{}') || {}; } catch { stored = {}; }
  const result = { ...DEFAULTS };
  for (const key of Object.keys(DEFAULTS)) if (typeof stored[key] === 'boolean') result[key] = stored[key];
  return result;
}

/** Changes one setting and keeps it. */
export function setSetting(key, value) {
  localStorage.setItem(STORE, JSON.stringify({ ...settings(), [key]: !!value }));
}

/** Opens the settings dialog; `changed(key, value)` hears each change. */
export function openSettings(changed) {
  const current = settings();
  const dialog = h('dialog', { class: 'dialog settings', 'aria-label': t('settings.title') });
  const close = () => { dialog.close(); dialog.remove(); };
  const rows = Object.keys(DEFAULTS).map((key) => h('label', { class: 'setting' },
    h('input', { type: 'checkbox', name: `setting-${key}`, checked: current[key], onchange: (event) => { setSetting(key, event.target.checked); changed(key, event.target.checked); } }),
    h('span', {}, h('strong', { text: t(`settings.${key}`) }), h('small', { class: 'muted', text: t(`settings.${key}Help`) }))));
  replace(dialog, h('h2', { text: t('settings.title') }), h('div', { class: 'settings-list' }, rows),
    h('button', { class: 'btn primary', type: 'button', 'data-action': 'close-settings', onclick: close, text: t('common.close') }));
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
}
