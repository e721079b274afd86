// End-to-end: the computer's level. The home page offers levels 1 to 8 and the classic
// tutorial player (the time per move only for level 8); a game started at a level names it
// in the players line and in the search log's start line; a game stored with the old
// "strong" player shows as level 8.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuite, shoot, getJson, postJson } from './harness.mjs';

let page;
let base;

browserSuite((suite) => ({ base, page } = suite));

test('the home page offers levels 1 to 8 and the classic player', async () => {
  await page.goto(base);
  await page.evaluate(() => localStorage.removeItem('ply.newgame'));
  await page.goto(base);
  await page.click('.game-card[data-game="chess"]');
  const values = await page.$$eval('select[name=level] option', (options) => options.map((o) => o.value));
  assert.deepEqual(values, ['1', '2', '3', '4', '5', '6', '7', '8', 'classic']);
  assert.equal(await page.inputValue('select[name=level]'), '8', 'full strength unless chosen');
  assert.ok(await page.isVisible('select[name=movetime_ms]'), 'level 8 thinks for the time chosen');
  const labels = await page.$$eval('select[name=level] option', (options) => options.map((o) => o.textContent));
  assert.match(labels[0], /Level 1 — beginner/);
  assert.match(labels[8], /Classic \(tutorial\)/);
  await page.selectOption('select[name=level]', '3');
  assert.ok(await page.isHidden('select[name=movetime_ms]'), 'levels 1 to 7 play on their node limit');
  assert.match(await page.textContent('.field .help'), /Levels 1 to 7/);
  await shoot(page, 'levels-home');
});

test('a game at level 2 names its level in the players line and the log', async () => {
  await page.goto(base);
  await page.click('.game-card[data-game="tictactoe"]');
  await page.check('.segmented input[name=human][value=second]');
  await page.selectOption('select[name=level]', '2');
  await Promise.all([page.waitForURL(/\/play\/[0-9a-f]{24}$/), page.click('button[data-action=start]')]);
  await page.waitForSelector('.board-wrap svg.board');
  const id = page.url().match(/\/play\/([0-9a-f]{24})/)[1];
  for (let i = 0; i < 100; i++) {
    const state = await getJson(`${base}api/games/${id}`);
    if (state.history.length > 0 && !state.thinking) break;
    await page.waitForTimeout(100);
  }
  const state = await getJson(`${base}api/games/${id}`);
  assert.equal(state.players.level, '2');
  await page.waitForSelector('.log-start');
  const players = await page.$$eval('.player', (nodes) => nodes.map((n) => n.textContent).join(' | '));
  assert.match(players, /computer \(Level 2\)/);
  assert.match(await page.textContent('.log-start'), /Level 2/);
  await shoot(page, 'levels-play');
});

test('a game of the strong player shows as level 8', async () => {
  const created = await postJson(`${base}api/games`, { game: 'ttt', human: 'first', level: 'strong', movetime_ms: 250 });
  assert.equal(created.players.level, '8');
  await page.goto(`${base}play/${created.id}`);
  await page.waitForSelector('.board-wrap svg.board');
  const players = await page.$$eval('.player', (nodes) => nodes.map((n) => n.textContent).join(' | '));
  assert.match(players, /Level 8/);
});

test('a level below 8 opens from the book, and the log says so instead of a score', async () => {
  const created = await postJson(`${base}api/games`, { game: 'chess', human: 'second', level: '3' });
  await page.goto(`${base}play/${created.id}`);
  await page.waitForSelector('.log-done');
  const line = await page.textContent('.log-done');
  assert.match(line, /from the opening book, without a search/, line);
  assert.doesNotMatch(line, /score|depth/, line);
  assert.equal(await page.$('.log-head'), null, 'no column heads without a search under them');
  const state = await getJson(`${base}api/games/${created.id}`);
  assert.equal(state.history.length, 1, 'the computer played its first move');
  // Level 3 plays on its node limit: no time per move is claimed for it.
  assert.doesNotMatch(await page.textContent('.title-row .meta'), /per move/);
  assert.doesNotMatch(await page.textContent('.log-start'), /\d s\b/);
  await shoot(page, 'levels-book');
});
