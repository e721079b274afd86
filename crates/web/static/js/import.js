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
  // The browser draws a file input's button and its "no file" text in its own language, so
  // the input stays hidden and the page draws both in the page's language.
  const file = h('input', { type: 'file', id: 'import-file', class: 'sr-only', tabindex: '-1', 'aria-hidden': 'true', accept: '.pgn,.psq,.txt,text/plain,application/x-chess-pgn' });
  const choose = h('button', { class: 'btn', type: 'button', 'data-action': 'choose-file', text: t('import.file') });
  const chosenName = h('span', { class: 'file-name muted', 'aria-live': 'polite', text: t('import.noFile') });
  const error = h('p', { class: 'error', role: 'alert' });
  const button = h('button', { class: 'btn primary', type: 'submit', 'data-action': 'import', text: t('import.button') });
  choose.addEventListener('click', () => file.click());
  const read = async (chosen) => {
    if (!chosen) return;
    error.textContent = '';
    chosenName.textContent = chosen.name;
    if (chosen.size > 512 * 1024) { error.textContent = t('import.tooLong'); return; }
    text.value = await chosen.text();
  };
  file.addEventListener('change', () => read(file.files && file.files[0]));
  const form = h('form', { class: 'panel import' },
    h('h2', { text: t('import.title') }),
    h('p', { class: 'muted', text: t('import.lead') }),
    h('div', { class: 'field' }, h('div', { class: 'file-row' }, choose, chosenName), file),
    h('label', { class: 'field', for: 'import-text' }, h('span', { class: 'field-label', text: t('import.paste') }), text),
    h('div', { class: 'actions' }, button),
    error);
  // A file dropped anywhere on the panel is read as if chosen.
  form.addEventListener('dragover', (event) => { event.preventDefault(); form.classList.add('dropping'); });
  form.addEventListener('dragleave', () => form.classList.remove('dropping'));
  form.addEventListener('drop', (event) => {
    event.preventDefault();
    form.classList.remove('dropping');
    read(event.dataTransfer && event.dataTransfer.files[0]);
  });
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
