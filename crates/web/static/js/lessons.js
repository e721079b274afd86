// The lab's course: a menu of lessons with their own URLs (/lab/alphabeta), and one lesson
// at a time: its text, a button that runs its experiment on the server (ply's own searches
// on real positions), and what came back — the figures the text quotes, tables of rows
// and, for the first two lessons, the search tree to step through.

import { api } from './api.js';
import { h, replace, number } from './dom.js';
import { t } from './i18n.js';
import { errorText } from './words.js';
import { createTreeView } from './tree.js';
import { scoreText } from './log.js';

/** The lessons in the course's order (the server's names). */
export const LESSONS = ['minimax', 'alphabeta', 'ordering', 'table', 'deepening', 'pvs', 'quiescence', 'pruning', 'threats'];

// How each game's engine scores read (centipawns for chess as pawns).
const SCORE_STYLES = { chess: { unit: 'pawns' }, xiangqi: { unit: 'pawns' } };

/** The course's menu: the free lab and every lesson, `active` marked. */
export function courseNav(active) {
  const link = (href, label, name, index) => h('li', {},
    h('a', { href, 'data-link': true, 'data-lesson': name || 'free', class: `course-link${active === name ? ' active' : ''}`,
      'aria-current': active === name ? 'page' : null },
    index ? h('span', { class: 'course-number', text: String(index) }) : null, label));
  return h('nav', { class: 'course', 'aria-label': t('lesson.menu') },
    h('ol', {}, link('/lab', t('lesson.free'), null, 0),
      LESSONS.map((name, i) => link(`/lab/${name}`, t(`lesson.${name}.title`), name, i + 1))));
}

// A figure as the page writes it.
function figureText(figure, game) {
  if (figure === null || figure === undefined) return '';
  if (typeof figure === 'number') return number(figure);
  if (typeof figure === 'string') return figure;
  if (figure.word) return t(`lesson.word.${figure.word}`);
  if (figure.kind) {
    // An open window edge is ±infinity, not a score.
    if (figure.kind === 'value' && Math.abs(figure.value) >= 1e9) return figure.value > 0 ? '+∞' : '−∞';
    return scoreText(figure, SCORE_STYLES[game]);
  }
  return String(figure);
}

function paragraphs(text) {
  return text.split('\n').filter((line) => line.trim()).map((line) => h('p', { text: line }));
}

function sourceText(experiment) {
  const game = t(`lesson.source.${experiment.source.game}`);
  return experiment.source.after ? t('lesson.after', { game, move: experiment.source.after }) : game;
}

function figureTable(table, game) {
  return h('div', { class: 'table-scroll' }, h('table', { class: 'table lesson-table', 'data-table': table.key },
    h('caption', { text: t(`lesson.table.${table.key}`) }),
    h('thead', {}, h('tr', {}, table.columns.map((c, i) => h('th', {
      scope: 'col', class: typeof table.rows[0]?.[i] === 'number' ? 'num' : null, text: t(`lesson.col.${c}`),
    })))),
    h('tbody', {}, table.rows.map((row) => h('tr', {}, row.map((cell, i) => h('td', {
      class: typeof cell === 'number' ? 'num' : (table.columns[i] === 'line' || table.columns[i] === 'checked_line' ? 'line' : null),
      text: figureText(cell, game),
    })))))));
}

function labLink(experiment) {
  // The free lab searches with minimax too: a depth it can afford in each game.
  const depth = { tictactoe: experiment.figures.depth ?? 9, chess: 3, xiangqi: 3, caro: 2 }[experiment.game] ?? 2;
  const params = new URLSearchParams({ game: experiment.game, position: experiment.position, depth: String(depth) });
  if (experiment.game === 'caro') {
    params.set('size', '15');
    if (typeof experiment.figures.rule === 'string') params.set('rule', experiment.figures.rule);
  }
  return h('a', { class: 'muted small', href: `/lab?${params}`, 'data-link': true, text: t('lesson.tryInLab') });
}

/** Mounts lesson `name` in `root`; `?run=1` runs its experiment at once. */
export function mountLesson(root, name, query) {
  const index = LESSONS.indexOf(name);
  const results = h('div', { class: 'lesson-results', 'aria-live': 'polite' });
  let views = [];
  const runButton = h('button', { class: 'btn primary', type: 'button', 'data-action': 'run-lesson', text: t('lesson.run') });
  const neighbour = (offset, key) => {
    const other = LESSONS[index + offset];
    return other ? h('a', { class: `btn ghost small lesson-${key}`, href: `/lab/${other}`, 'data-link': true, text: `${offset < 0 ? '← ' : ''}${t(`lesson.${other}.title`)}${offset > 0 ? ' →' : ''}` }) : h('span', {});
  };
  root.append(h('section', { class: 'lab lesson', 'data-lesson': name },
    courseNav(name),
    h('article', { class: 'panel lesson-text' },
      h('p', { class: 'muted small', text: t('lesson.count', { n: index + 1, total: LESSONS.length }) }),
      h('h1', { text: t(`lesson.${name}.title`) }),
      paragraphs(t(`lesson.${name}.text`)),
      h('h2', { class: 'lesson-experiment', text: t('lesson.experiment') }),
      paragraphs(t(`lesson.${name}.experiment`)),
      h('div', { class: 'actions' }, runButton, h('span', { class: 'muted small', text: t('lesson.runNote') }))),
    results,
    h('nav', { class: 'lesson-pager', 'aria-label': t('lesson.pager') }, neighbour(-1, 'prev'), neighbour(1, 'next'))));

  async function run() {
    for (const view of views) view.stop();
    views = [];
    runButton.disabled = true;
    replace(results, h('p', { class: 'thinking on' }, h('span', { class: 'spinner' }), t('lesson.running')));
    try {
      const answer = await api('GET', `/api/lab/lessons/${name}`);
      show(answer.report);
    } catch (error) {
      replace(results, h('p', { class: 'error', role: 'alert', text: errorText(error) }));
    } finally {
      runButton.disabled = false;
    }
  }

  function show(report) {
    const sections = report.experiments.map((experiment) => {
      const figures = Object.fromEntries(Object.entries(experiment.figures).map(([key, value]) => [key, figureText(value, experiment.game)]));
      const trees = [];
      if (experiment.lab) {
        const which = name === 'minimax' ? ['minimax'] : ['minimax', 'alphabeta'];
        for (const key of which) {
          const view = createTreeView(experiment.lab[key], t(`lab.search.${key}`), { window: key === 'alphabeta' });
          views.push(view);
          trees.push(h('section', { class: 'panel tree-panel', 'data-tree': key }, h('h3', { text: t(`lab.search.${key}`) }), view.element));
        }
      }
      return h('section', { class: 'panel experiment', 'data-experiment': experiment.key },
        h('h2', { text: t(`lesson.${name}.${experiment.key}.title`, figures) }),
        h('p', { class: 'muted small source' }, sourceText(experiment), ' · ', h('code', { class: 'position', text: experiment.position }), ' · ', labLink(experiment)),
        h('div', { class: 'finding' }, paragraphs(t(`lesson.${name}.${experiment.key}.result`, figures))),
        experiment.tables.map((table) => figureTable(table, experiment.game)),
        trees.length ? h('div', { class: 'trees' }, trees) : null,
        trees.length ? h('p', { class: 'legend muted', text: t('lab.legend') }) : null);
    });
    replace(results, ...sections);
  }

  runButton.addEventListener('click', run);
  if (query.get('run') === '1') run();
  return { leave() { for (const view of views) view.stop(); } };
}
