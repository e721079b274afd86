// End-to-end: the lab's own tree and its quiz, in English and Vietnamese, at desktop
// (1280 px) and phone (360 px) widths. A tree is typed and stepped (both searches move
// together, α and β on the nodes, the cut branches marked, the value at the root), a typing
// mistake is pointed at, and quiz questions of both kinds, on random trees and on
// tic-tac-toe positions, are answered right and wrong and graded by the server.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuite, shoot, postJson } from './harness.mjs';

let page;
let base;

const WORDS = {
  en: {
    right: 'Right!', wrong: 'Not quite.', summary: /minimax 3, alpha-beta 3/, mistake: /position 11/, cut: /Cut at F/,
    scoreOne: /^Medium: 1 of 1 right · 1 in a row \(best 1\)$/, scoreOneAgain: /^Medium: 1 of 1 right · 1 in a row \(best 1\) · this question was counted before: each counts once$/, scoreEasy: /^Easy: 0 of 1 right · 0 in a row \(best 0\)$/, scoreNone: /^Medium: 0 of 0 right$/,
  },
  vi: {
    right: 'Đúng rồi!', wrong: 'Chưa đúng.', summary: /minimax 3, alpha-beta 3/, mistake: /vị trí 11/, cut: /Cắt tại F/,
    scoreOne: /^Vừa: đúng 1 \/ 1 · 1 câu đúng liền \(nhiều nhất 1\)$/, scoreOneAgain: /^Vừa: đúng 1 \/ 1 · 1 câu đúng liền \(nhiều nhất 1\) · câu này đã được tính: mỗi câu chỉ tính một lần$/, scoreEasy: /^Dễ: đúng 0 \/ 1 · 0 câu đúng liền \(nhiều nhất 0\)$/, scoreNone: /^Vừa: đúng 0 \/ 0$/,
  },
};

browserSuite((suite) => ({ base, page } = suite), { allowed: (error) => /status of 400/.test(error) });

async function setLang(lang) {
  await page.goto(base);
  await page.click(`button[data-lang=${lang}]`);
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
}

async function noSideways(width) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= width + 1, `the page is ${wide} px wide at ${width} px`);
}

async function ownTree(lang, width) {
  const words = WORDS[lang];
  await page.goto(`${base}lab/tree`);
  await page.waitForSelector('[data-tree=alphabeta] svg.qt');
  await page.fill('#tree-text', '[[3 12 8] [2 4 6] [14 5 2]]');
  await page.click('[data-action=search-tree]');
  await page.waitForSelector('[data-tree=minimax] svg.qt');
  const captions = async () => page.$$eval('.tree-panel .tree-caption', (els) => els.map((e) => e.textContent));
  // One control moves both: three steps in, each pane says what its search does.
  for (let i = 0; i < 3; i += 1) await page.click('[data-step=next]');
  const [plain, pruned] = await captions();
  assert.match(plain, /C/);
  assert.equal(plain, pruned, 'the same step for both before any cut');
  assert.ok(await page.locator('[data-tree=alphabeta] .qt-window').count() >= 2, 'α and β on the open nodes');
  // Step on until alpha-beta cuts at F while minimax walks into H.
  let cutSeen = false;
  for (let i = 0; i < 30 && !cutSeen; i += 1) {
    await page.click('[data-step=next]');
    cutSeen = words.cut.test((await captions())[1]);
  }
  assert.ok(cutSeen, 'the cut at F is described');
  const [plainAtCut] = await captions();
  assert.notEqual(plainAtCut, (await captions())[1]);
  await shoot(page, `quiz-own-tree-cut-${lang}-${width}`);
  await page.click('[data-step=last]');
  assert.match(await page.textContent('[data-summary]'), words.summary);
  assert.equal(await page.locator('[data-tree=alphabeta] .qt-node.cut').count(), 2, 'H and I are cut');
  assert.equal(await page.locator('[data-tree=minimax] .qt-node.cut').count(), 0);
  await noSideways(width);
  await shoot(page, `quiz-own-tree-${lang}-${width}`);
  // A mistake is pointed at.
  await page.fill('#tree-text', '[[3 5] [2 x]]');
  await page.click('[data-action=search-tree]');
  await page.waitForSelector('.qt-problem .error');
  assert.match(await page.textContent('.qt-problem .error'), words.mistake);
  assert.match(await page.textContent('.qt-caret'), /\n {10}\^$/);
  await shoot(page, `quiz-own-tree-mistake-${lang}-${width}`);
}

/** The server's answers for a question, asked the way the page asks. */
async function truth(source, level, seed) {
  return postJson(`${base}api/lab/quiz/answer`, { source, level, seed, ask: 'value', value: 0 });
}

async function question(source, level, ask, seed) {
  await page.goto(`${base}lab/quiz?source=${source}&level=${level}&ask=${ask}&seed=${seed}`);
  await page.waitForSelector(`[data-question=${ask}] svg.qt`);
  // A tree wider than the screen opens on its root (at 360 px it showed one end of the tree).
  await page.waitForFunction(() => {
    const canvas = document.querySelector('[data-question] .qt-canvas');
    const root = canvas.querySelector('[data-node="0"]').getBoundingClientRect();
    const box = canvas.getBoundingClientRect();
    return root.left >= box.left && root.right <= box.right;
  }, null, { timeout: 2000 });
}

async function quiz(lang, width) {
  const words = WORDS[lang];
  // Cuts on a random tree, right: click the branches alpha-beta cuts.
  const seed = 42;
  await page.evaluate(() => localStorage.removeItem('ply.quiz.score'));
  const known = await truth('random', 'medium', seed);
  assert.ok(known.pruned.length > 0);
  await question('random', 'medium', 'cuts', seed);
  for (const node of known.pruned) await page.click(`[data-question] .qt-node[data-node="${node}"] path`);
  await shoot(page, `quiz-cuts-chosen-${lang}-${width}`);
  await page.click('[data-action=answer]');
  await page.waitForSelector('[data-verdict]');
  assert.equal(await page.textContent('[data-verdict]'), words.right);
  assert.equal(await page.locator('[data-explain=cuts] li').count(), known.cuts.length);
  assert.match(await page.textContent('[data-score]'), words.scoreOne);
  assert.equal(await page.getAttribute('[data-streak]', 'data-streak'), '1');
  await noSideways(width);
  await shoot(page, `quiz-cuts-right-${lang}-${width}`);
  // The same question again (its address reloaded): graded, but counted once.
  await question('random', 'medium', 'cuts', seed);
  for (const node of known.pruned) await page.click(`[data-question] .qt-node[data-node="${node}"] path`);
  await page.click('[data-action=answer]');
  await page.waitForSelector('[data-verdict]');
  assert.equal(await page.textContent('[data-verdict]'), words.right);
  assert.match(await page.textContent('[data-score]'), words.scoreOneAgain);
  assert.ok(await page.locator('[data-repeated]').isVisible(), 'the page says why the score stayed');
  await noSideways(width);
  await shoot(page, `quiz-cuts-counted-once-${lang}-${width}`);
  // Cuts on a tic-tac-toe position, wrong: the first leaf is always searched.
  await question('position', 'easy', 'cuts', 5);
  assert.ok(await page.locator('.qt-board').isVisible());
  const firstLeaf = await page.$eval('[data-question] .qt-node.leaf', (el) => el.dataset.node);
  await page.click(`[data-question] .qt-node[data-node="${firstLeaf}"] path`);
  await page.click('[data-action=answer]');
  await page.waitForSelector('[data-verdict]');
  assert.equal(await page.textContent('[data-verdict]'), words.wrong);
  assert.ok(await page.locator('.qt-node.mark-wrong').count() >= 1);
  // Each difficulty keeps its own score: easy has one answer, wrong.
  assert.match(await page.textContent('[data-score]'), words.scoreEasy);
  await shoot(page, `quiz-cuts-wrong-position-${lang}-${width}`);
  // Kept in the browser: a new visit to the medium cuts finds its score, which resets.
  await question('random', 'medium', 'cuts', seed + 1);
  assert.match(await page.textContent('[data-score]'), words.scoreOne);
  await page.click('[data-action=reset-score]');
  assert.match(await page.textContent('[data-score]'), words.scoreNone);
  assert.ok(await page.locator('[data-action=reset-score]').isHidden(), 'nothing left to reset');
  // The value at the root, right on a position and wrong on a random tree.
  const position = await truth('position', 'medium', 9);
  await question('position', 'medium', 'value', 9);
  await page.fill('#quiz-value', String(position.value));
  await page.click('[data-action=answer]');
  await page.waitForSelector('[data-verdict]');
  assert.equal(await page.textContent('[data-verdict]'), words.right);
  assert.ok(await page.locator('[data-explain=value] li').count() >= 2);
  await shoot(page, `quiz-value-right-position-${lang}-${width}`);
  const random = await truth('random', 'hard', 3);
  await question('random', 'hard', 'value', 3);
  await page.fill('#quiz-value', String(random.value + 1));
  await page.click('[data-action=answer]');
  await page.waitForSelector('[data-verdict]');
  assert.equal(await page.textContent('[data-verdict]'), words.wrong);
  assert.match(await page.textContent('.qt-verdict'), new RegExp(String(random.value)));
  await noSideways(width);
  await shoot(page, `quiz-value-wrong-${lang}-${width}`);
}

for (const lang of ['en', 'vi']) {
  for (const width of [1280, 360]) {
    test(`own tree, ${lang}, ${width} px`, async () => {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 740 });
      await setLang(lang);
      await ownTree(lang, width);
    });
    test(`quiz, ${lang}, ${width} px`, async () => {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 740 });
      await setLang(lang);
      await quiz(lang, width);
    });
  }
}

test('the lab links to your own tree and the quiz', async () => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await setLang('en');
  await page.goto(`${base}lab`);
  await page.click('a[href="/lab/quiz"]');
  await page.waitForSelector('[data-question] svg.qt');
  await page.click('.qt-links a[href="/lab/tree"]');
  await page.waitForSelector('[data-tree=alphabeta] svg.qt');
  assert.equal(new URL(page.url()).pathname, '/lab/tree');
});
