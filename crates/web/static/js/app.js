// The single page: routes /, /play/<public id>, /games and /lab to their views, keeps the language.

import { t, getLang, setLang, onLangChange } from './i18n.js';
import { h, replace } from './dom.js';

const main = document.getElementById('main');
let current = null; // { leave() } of the view on screen

const routes = [
  { pattern: /^\/$/, nav: 'home', load: () => import('./home.js') },
  { pattern: /^\/play\/([0-9a-f]{24})$/, nav: 'home', load: () => import('./play.js') },
  { pattern: /^\/games$/, nav: 'games', load: () => import('./games.js') },
  // The free lab and its lessons (/lab/alphabeta…); /lab/tree and /lab/quiz are pages of their own.
  { pattern: /^\/lab(?:\/(minimax|alphabeta|ordering|table|deepening|pvs|quiescence|pruning|threats))?$/, nav: 'lab', load: () => import('./lab.js') },
  { pattern: /^\/setup$/, nav: 'home', load: () => import('./setup.js') },
  // The lab's own tree and quiz.
  { pattern: /^\/lab\/tree$/, nav: 'lab', load: () => import('./owntree.js') },
  { pattern: /^\/lab\/quiz$/, nav: 'quiz', load: () => import('./quiz.js') },
];

export function navigate(path, replaceState = false) {
  if (replaceState) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  render();
}

async function render() {
  const path = location.pathname;
  const route = routes.find((r) => r.pattern.test(path));
  if (current && current.leave) current.leave();
  current = null;
  for (const link of document.querySelectorAll('[data-nav]')) {
    link.classList.toggle('active', route && link.dataset.nav === route.nav && path !== '/play');
    if (route && link.dataset.nav === route.nav) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  if (!route) {
    replace(main, h('section', { class: 'panel narrow' }, h('h1', { text: t('notfound.title') }),
      h('p', {}, h('a', { href: '/', 'data-link': true, text: t('notfound.home') }))));
    return;
  }
  const match = path.match(route.pattern);
  const module = await route.load();
  main.replaceChildren();
  current = module.mount(main, match.slice(1), new URLSearchParams(location.search)) || null;
}

function translateStatic() {
  document.documentElement.lang = getLang();
  for (const el of document.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of document.querySelectorAll('[data-i18n-aria]')) el.setAttribute('aria-label', t(el.dataset.i18nAria));
  for (const button of document.querySelectorAll('[data-lang]')) {
    button.setAttribute('aria-pressed', String(button.dataset.lang === getLang()));
  }
}

document.addEventListener('click', (event) => {
  const link = event.target.closest('a[data-link]');
  if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  navigate(link.getAttribute('href'));
});

for (const button of document.querySelectorAll('[data-lang]')) {
  button.addEventListener('click', () => setLang(button.dataset.lang));
}

document.addEventListener('keydown', (event) => {
  if (event.key !== '?' || event.target.closest('input, textarea, select')) return;
  const dialog = document.getElementById('shortcuts') || document.body.appendChild(shortcutsDialog());
  if (dialog.open) dialog.close(); else dialog.showModal();
});

function shortcutsDialog() {
  const rows = [['u', 'keys.undo'], ['r', 'keys.redo'], ['n', 'keys.new'], ['f', 'keys.flip'], ['h', 'keys.hint'],
    ['m', 'keys.movenow'], ['a', 'keys.analyze'], ['← →', 'keys.review'], ['↑↓←→ + Enter', 'keys.board'], ['Esc', 'keys.escape'], ['?', 'keys.help']];
  const dialog = h('dialog', { id: 'shortcuts', class: 'dialog' });
  const fill = () => replace(dialog, h('h2', { text: t('keys.title') }),
    h('table', { class: 'keys' }, rows.map(([key, label]) => h('tr', {}, h('td', {}, h('kbd', { text: key })), h('td', { text: t(label) })))),
    h('form', { method: 'dialog' }, h('button', { class: 'btn', text: t('common.close') })));
  fill();
  onLangChange(fill);
  return dialog;
}

onLangChange(() => { translateStatic(); render(); });
window.addEventListener('popstate', render);
translateStatic();
render();
