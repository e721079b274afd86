// A game's start options as form fields, built from the catalogue's option specs (name,
// type range/choice/flag, min/max/values/default, label {en, vi}): a number input for a
// range, a select for a choice, a checkbox for a flag; read back as {name: value}. No game
// is named here: a game's spec decides its fields.

import { h } from './dom.js';
import { t, getLang } from './i18n.js';

/** The option's label in the reader's language. */
export function optionLabel(option) {
  return (option.label && (option.label[getLang()] || option.label.en)) || option.name;
}

/** The words for a choice's value: the UI's own where it has them (`rule.renju`), else the value. */
function valueLabel(option, value) {
  const key = `${option.name}.${value}`;
  const text = t(key);
  return text === key ? value : text;
}

function flagValue(given, fallback) {
  if (given === true || given === 'true' || given === 'on' || given === '1') return true;
  if (given === false || given === 'false' || given === 'off' || given === '0') return false;
  return fallback;
}

/**
 * Form fields for `options` (the catalogue's), filled from `values` ({name: value}, values
 * may be strings from a query) or else the defaults; `cap`, when given, lowers a range's
 * default to at most that (the lab keeps boards small).
 */
export function optionFields(options, values = {}, cap = null) {
  return (options || []).map((option) => {
    const name = `option.${option.name}`;
    const given = values[option.name];
    if (option.type === 'flag') {
      const box = h('input', { type: 'checkbox', name, checked: flagValue(given, option.default), 'data-option': option.name });
      return h('label', { class: 'field flag' }, h('span', { class: 'field-label', text: optionLabel(option) }), box);
    }
    let control;
    let label = optionLabel(option);
    if (option.type === 'range') {
      const fallback = cap === null ? option.default : Math.max(option.min, Math.min(option.default, cap));
      const value = given !== undefined && given !== null && given !== '' ? Number(given) : fallback;
      control = h('input', { type: 'number', name, min: option.min, max: option.max, value, required: true, 'data-option': option.name });
      label = `${label} (${option.min}–${option.max})`;
    } else {
      control = h('select', { name, 'data-option': option.name },
        option.values.map((value) => h('option', { value, selected: given === value, text: valueLabel(option, value) })));
    }
    return h('label', { class: 'field' }, h('span', { class: 'field-label', text: label }), control);
  });
}

/** The values of the option fields in `form`, typed as the options take them. */
export function readOptions(form, options) {
  const values = {};
  for (const option of options || []) {
    const control = form.querySelector(`[name="option.${option.name}"]`);
    if (!control) continue;
    if (option.type === 'range') values[option.name] = Number(control.value);
    else if (option.type === 'flag') values[option.name] = control.checked;
    else values[option.name] = control.value;
  }
  return values;
}

/** Option values as a query string tail (`&size=15&rule=renju`), for links. */
export function optionsQuery(values) {
  return Object.entries(values || {}).map(([name, value]) => `&${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`).join('');
}
