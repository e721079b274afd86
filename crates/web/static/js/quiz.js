// The quiz (/lab/quiz): "which branches will alpha-beta cut?" (click them) and "what value
// reaches the root?" (type it), on seeded random trees and on tic-tac-toe positions. The
// server grades with ply's own alpha-beta and sends the cuts and values that explain it;
// the score of each question and difficulty is kept in this browser (quizscore.js).

import { api } from './api.js';
import { h, replace, number } from './dom.js';
import { t } from './i18n.js';
import { errorText } from './words.js';
import { drawTree, subtree, centreOn } from './quiztree.js';
import { labLinks } from './owntree.js';
import { scoreFor, recordAnswer, resetScore } from './quizscore.js';

const SOURCES = ['random', 'position'];
const LEVELS = ['easy', 'medium', 'hard'];
const ASKS = ['cuts', 'value'];

function newSeed() { return Math.floor(Math.random() * 1_000_000); }

/** A tic-tac-toe board string (`xo1/…`) drawn as a small grid. */
function miniBoard(position) {
  const rows = position.split(' ')[0].split('/').map((row) => row.replace(/\d/g, (n) => '.'.repeat(Number(n))));
  return h('div', { class: 'qt-board', role: 'img', 'aria-label': position },
    rows.flatMap((row) => [...row].map((c) => h('span', { class: `qt-cell ${c === 'x' ? 'x' : c === 'o' ? 'o' : ''}`, text: c === '.' ? '' : c.toUpperCase() }))));
}

export function mount(root, _match, query) {
  const settings = {
    source: SOURCES.includes(query.get('source')) ? query.get('source') : 'random',
    level: LEVELS.includes(query.get('level')) ? query.get('level') : 'easy',
    ask: ASKS.includes(query.get('ask')) ? query.get('ask') : 'cuts',
    seed: /^\d{1,9}$/.test(query.get('seed') || '') ? Number(query.get('seed')) : newSeed(),
  };
  const scoreLine = h('p', { class: 'qt-score', 'data-score': true, 'aria-live': 'polite', title: t('quiz.kept') });
  const resetButton = h('button', { class: 'btn small ghost', type: 'button', 'data-action': 'reset-score', text: t('quiz.reset'),
    onclick: () => { resetScore(settings.ask, settings.level); showScore(); } });
  const select = (name, values, prefix) => {
    const el = h('select', { id: `quiz-${name}`, name }, values.map((v) => h('option', { value: v, selected: v === settings[name], text: t(`${prefix}.${v}`) })));
    el.addEventListener('change', () => { settings[name] = el.value; settings.seed = newSeed(); load(); });
    return el;
  };
  const field = (label, control, id) => h('label', { class: 'field', for: id }, h('span', { class: 'field-label', text: label }), control);
  const controls = h('div', { class: 'panel' },
    h('div', { class: 'fields row' },
      field(t('quiz.source'), select('source', SOURCES, 'quiz.source'), 'quiz-source'),
      field(t('quiz.level'), select('level', LEVELS, 'quiz.level'), 'quiz-level'),
      field(t('quiz.ask'), select('ask', ASKS, 'quiz.ask'), 'quiz-ask')),
    h('div', { class: 'actions' },
      h('button', { class: 'btn', type: 'button', 'data-action': 'new-question', onclick: () => { settings.seed = newSeed(); load(); }, text: t('quiz.next') }),
      scoreLine, resetButton));
  const body = h('div', { class: 'qt-results' });
  root.append(h('section', { class: 'lab qt-page' },
    labLinks('/lab/quiz'),
    h('div', { class: 'hero small' }, h('h1', { text: t('quiz.title') }), h('p', { class: 'lead', text: t('quiz.lead') })),
    controls, body));

  function showScore(repeated = false) {
    const score = scoreFor(settings.ask, settings.level);
    const level = t(`quiz.level.${settings.level}`);
    replace(scoreLine, h('span', { text: t('quiz.score', { level, right: number(score.right), asked: number(score.asked) }) }),
      score.asked ? h('span', { class: 'muted', 'data-streak': score.streak, text: ` · ${t('quiz.streak', { streak: number(score.streak), best: number(score.best) })}` }) : null,
      repeated ? h('span', { class: 'muted', 'data-repeated': true, text: ` · ${t('quiz.counted')}` }) : null);
    resetButton.hidden = !score.asked;
  }

  async function load() {
    const { source, level, seed, ask } = settings;
    history.replaceState(null, '', `/lab/quiz?source=${source}&level=${level}&ask=${ask}&seed=${seed}`);
    showScore();
    replace(body, h('p', { class: 'thinking on' }, h('span', { class: 'spinner' }), t('quiz.loading')));
    try {
      const question = await api('POST', '/api/lab/quiz', { source, level, seed });
      pose(question, { source, level, seed, ask });
    } catch (error) {
      replace(body, h('p', { class: 'error', role: 'alert', text: errorText(error) }));
    }
  }

  function pose(question, named) {
    const { tree } = question;
    const moves = named.source === 'position';
    const chosen = new Set();
    let graded = null;
    const canvas = h('div', { class: 'qt-canvas' });
    const verdict = h('div', { class: 'qt-verdict', 'aria-live': 'polite' });
    const name = (i) => (moves ? (tree.nodes[i].parent === null ? t('owntree.root') : line(i)) : tree.nodes[i].label);
    const line = (i) => { const parts = []; for (let n = i; tree.nodes[n].parent !== null; n = tree.nodes[n].parent) parts.unshift(tree.nodes[n].label); return parts.join(' '); };

    const redraw = () => {
      const chosenNodes = new Set([...chosen].flatMap((c) => subtree(tree, c)));
      const pruned = graded ? new Set(graded.pruned.flatMap((p) => subtree(tree, p))) : null;
      replace(canvas, drawTree(tree, (i) => {
        let mark = null;
        if (graded && named.ask === 'cuts') {
          const v = graded.verdict;
          if (v.missed.includes(i)) mark = 'missed';
          else if (v.wrong.includes(i)) mark = 'wrong';
          else if (chosen.has(i)) mark = pruned.has(i) ? 'right' : 'wrong';
        } else if (chosen.has(i)) mark = 'chosen';
        const value = graded ? graded.search.values[i] : (tree.nodes[i].leaf ? tree.nodes[i].value : null);
        return { value, cut: graded ? pruned.has(i) : chosenNodes.has(i), mark, window: null, current: false };
      }, named.ask === 'cuts' && !graded ? (i) => { if (i === 0) return; if (chosen.has(i)) chosen.delete(i); else chosen.add(i); redraw(); } : null, moves));
    };

    const valueInput = h('input', { type: 'number', id: 'quiz-value', name: 'value', step: 1, required: true, inputmode: 'numeric', class: 'qt-number' });
    const submit = h('button', { class: 'btn primary', type: 'submit', 'data-action': 'answer', text: t('quiz.check') });
    const form = h('form', { class: 'qt-answer' },
      named.ask === 'value' ? field(t('quiz.valueLabel'), valueInput, 'quiz-value') : h('p', { class: 'muted', text: t('quiz.clickHelp') }),
      submit);
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const answer = { ...named };
      if (named.ask === 'cuts') answer.cuts = [...chosen].sort((a, b) => a - b);
      else answer.value = Number(valueInput.value);
      try {
        graded = await api('POST', '/api/lab/quiz/answer', answer);
      } catch (error) {
        replace(verdict, h('p', { class: 'error', role: 'alert', text: errorText(error) }));
        return;
      }
      const counted = recordAnswer(named.ask, named.level, graded.verdict.right, `${named.source}:${named.seed}`);
      showScore(counted.repeated);
      submit.disabled = true;
      valueInput.disabled = true;
      redraw();
      explain();
    });

    function explain() {
      const v = graded.verdict;
      const head = h('p', { class: `qt-result ${v.right ? 'right' : 'wrong'}`, 'data-verdict': v.right ? 'right' : 'wrong',
        text: v.right ? t('quiz.right') : t('quiz.wrong') });
      const facts = [];
      if (named.ask === 'value') facts.push(t('quiz.valueIs', { value: number(graded.value), given: number(v.given) }));
      else {
        facts.push(graded.pruned.length ? t('quiz.cutsAre', { nodes: graded.pruned.map(name).join(', ') }) : t('quiz.noCuts'));
        if (v.missed.length) facts.push(t('quiz.missed', { nodes: v.missed.map(name).join(', ') }));
        if (v.wrong.length) facts.push(t('quiz.wrongLeaves', { nodes: v.wrong.map(name).join(', ') }));
      }
      const cuts = graded.cuts.map((cut) => {
        const max = tree.nodes[cut.node].maximizing;
        const from = cut.bound_from ? t('quiz.boundFrom', { bound: max ? 'β' : 'α', node: name(cut.bound_from[0]), branch: name(cut.bound_from[1]) }) : '';
        return h('li', { 'data-cut': cut.node, text: t(max ? 'quiz.cutMax' : 'quiz.cutMin', {
          node: name(cut.node), after: name(cut.after), value: number(graded.search.values[cut.after] ?? 0),
          alpha: number(cut.alpha), beta: number(cut.beta), from, pruned: cut.pruned.map(name).join(', ') }) });
      });
      // The value: from the root down the branches that give it.
      const values = graded.search.values;
      const chain = [];
      for (let n = 0; !tree.nodes[n].leaf;) {
        const kids = tree.nodes.map((node, i) => [node, i]).filter(([node]) => node.parent === n).map(([, i]) => i);
        const max = tree.nodes[n].maximizing;
        chain.push(h('li', { text: t(max ? 'quiz.maxOf' : 'quiz.minOf', { node: name(n), values: kids.map((k) => `${name(k)} ${number(values[k])}`).join(', '), value: number(values[n]) }) }));
        n = kids.find((k) => values[k] === values[n]);
        if (n === undefined) break;
      }
      replace(verdict, head, facts.map((f) => h('p', { text: f })),
        h('h3', { text: t('quiz.whyValue') }), h('ol', { class: 'qt-explain', 'data-explain': 'value' }, chain),
        h('h3', { text: t('quiz.whyCuts') }), cuts.length ? h('ol', { class: 'qt-explain', 'data-explain': 'cuts' }, cuts) : h('p', { class: 'muted', text: t('quiz.noCuts') }),
        h('p', {}, h('a', { href: `/lab/tree?text=${encodeURIComponent(tree.text)}`, 'data-link': true, text: t('quiz.stepIt') })),
        h('button', { class: 'btn primary', type: 'button', 'data-action': 'next-question', onclick: () => { settings.seed = newSeed(); load(); }, text: t('quiz.next') }));
    }

    const prompt = t(named.ask === 'cuts' ? 'quiz.askCuts' : 'quiz.askValue');
    replace(body, h('section', { class: 'panel', 'data-question': named.ask },
      h('p', { class: 'muted small', text: t('quiz.seed', { seed: named.seed }) }),
      question.position ? h('div', { class: 'qt-position' }, miniBoard(question.position),
        h('p', { text: t('quiz.positionHelp', { depth: question.depth, win: question.win }) })) : h('p', { class: 'muted', text: t('quiz.treeHelp') }),
      h('h2', { text: prompt }), canvas, form, verdict));
    redraw();
    requestAnimationFrame(() => centreOn(canvas, 0));
  }

  load();
  return null;
}
