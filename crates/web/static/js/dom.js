// Small helpers to build DOM and SVG without a framework.

import { t } from './i18n.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

function apply(el, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') el.setAttribute('class', value);
    else if (key === 'text') el.textContent = value;
    else if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
    else if (key === 'dataset') Object.assign(el.dataset, value);
    // Through the CSSOM: the Content-Security-Policy (style-src 'self') refuses style attributes.
    else if (key === 'style') el.style.cssText = value;
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** An HTML element: h('button', {class: 'x', onclick}, 'text', child…). */
export function h(tag, attrs, ...children) {
  return append(apply(document.createElement(tag), attrs), children);
}

/** An SVG element. */
export function s(tag, attrs, ...children) {
  return append(apply(document.createElementNS(SVG_NS, tag), attrs), children);
}

/** Replaces the children of `el`. */
export function replace(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

/** Formats a number as the page's language groups digits (5,091 in English, 5.091 in Vietnamese). */
export function number(value) {
  return Number(value || 0).toLocaleString(t('locale'));
}

/** A number with `digits` decimals, as the page's language writes them (0.40 or 0,40). */
export function decimal(value, digits) {
  return new Intl.NumberFormat(t('locale'), { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(Number(value || 0));
}
