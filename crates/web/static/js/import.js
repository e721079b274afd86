// Importing a standard file on the Games page: paste a PGN (chess or xiangqi) or a
// Piskvork .psq, or choose the file; the server reads it with the game's rules and stores
// it as a game to review or continue, or says which line is wrong.

import { api } from './api.js';
import { h } from './dom.js';
import { t } from './i18n.js';
import { navigate } from './app.js';
import { errorText } from './problems.js';

/** The import panel. */
export function importPanel() {
  const text = h('textarea', { id: 'import-text', name: 'import-text', rows: 6, spellcheck: 'false', class: 'mono', placeholder: t('import.placeholder') });
  const file = h('input', { type: 'file', id: 'import-file', accept: '.pgn,.psq,.txt,text/plain,application/x-chess-pgn' });
  const error = h('p', { class: 'error', role: 'alert' });
  const button = h('button', { class: 'btn primary', type: 'submit', 'data-action': 'import', text: t('import.button') });
  file.addEventListener('change', async () => {
    const chosen = file.files && file.files[0];
    if (!chosen) return;
    if (chosen.size > 512 * 1024) { error.textContent = t('import.tooLong'); return; }
    text.value = await chosen.text();
  });
  const form = h('form', { class: 'panel import' },
    h('h2', { text: t('import.title') }),
    h('p', { class: 'muted', text: t('import.lead') }),
    h('label', { class: 'field', for: 'import-file' }, h('span', { class: 'field-label', text: t('import.file') }), file),
    h('label', { class: 'field', for: 'import-text' }, h('span', { class: 'field-label', text: t('import.paste') }), text),
    h('div', { class: 'actions' }, button),
    error);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.textContent = '';
    if (!text.value.trim()) { error.textContent = t('import.empty'); return; }
    button.disabled = true;
    try {
      const check = await api('POST', '/api/games/import?check=1', { text: text.value });
      if (!check.ok) {
        error.textContent = errorText({ message: check.error, line: check.line });
        return;
      }
      const created = await api('POST', '/api/games/import', { text: text.value });
      navigate(`/play/${created.id}`);
    } catch (failure) {
      error.textContent = errorText(failure);
    } finally {
      button.disabled = false;
    }
  });
  return form;
}
