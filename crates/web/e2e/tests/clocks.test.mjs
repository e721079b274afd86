// End-to-end: clocks. A person starts a chess game against the computer with a custom
// control of a few seconds from the home page, sees both clocks, moves, reloads and sees
// the clocks go on from the server's times, then lets the flag fall and sees the result,
// at 1280×800 and at 360×740.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuite, shoot, getJson } from './harness.mjs';

let page;
let base;

browserSuite((suite) => ({ base, page } = suite));

/** A clock's face as shown, in milliseconds (m:ss, or 0:0s.t under ten seconds). */
function millis(text) {
  const match = text.trim().match(/^(\d+):(\d\d)(?:\.(\d))?$/);
  assert.ok(match, `a clock reads m:ss: '${text}'`);
  return (Number(match[1]) * 60 + Number(match[2])) * 1000 + Number(match[3] || 0) * 100;
}

async function face(side) {
  return page.textContent(`.player .clock[data-side=${side}]`);
}

async function startTimed(minutes, increment, width, height) {
  await page.setViewportSize({ width, height });
  await page.goto(base);
  await page.click('.game-card[data-game="chess"]');
  await page.check('.segmented input[name=human][value=first]');
  await page.selectOption('select[name=level]', '8');
  // The custom fields appear only for a custom control (the last choice is remembered).
  await page.selectOption('select[name=clock]', '3+2');
  assert.equal(await page.isVisible('#clock-minutes'), false);
  await page.selectOption('select[name=clock]', 'custom');
  await page.fill('#clock-minutes', String(minutes));
  await page.fill('#clock-increment', String(increment));
  await shoot(page, `clocks-home-${width}`);
  await Promise.all([page.waitForURL(/\/play\/[0-9a-f]{24}$/), page.click('button[data-action=start]')]);
  await page.waitForSelector('.player .clock[data-side=first]');
  return page.url().match(/\/play\/([0-9a-f]{24})/)[1];
}

test('a custom few-second clock: both clocks, a move, a reload, the flag falls', async () => {
  const id = await startTimed(0.15, 1, 1280, 800);
  let state = await getJson(`${base}api/games/${id}`);
  assert.deepEqual([state.clock.initial_ms, state.clock.increment_ms], [9000, 1000]);
  assert.match(await page.textContent('.meta'), /clock 9 s\+1/);
  // Both faces: White's runs (the person is to move), Black's stands at 0:09.0.
  assert.equal(await page.locator('.player .clock').count(), 2);
  assert.match(await page.getAttribute('.player .clock[data-side=first]', 'class'), /running/);
  assert.equal(millis(await face('second')), 9000);
  const before = millis(await face('first'));
  await page.waitForTimeout(600);
  assert.ok(millis(await face('first')) < before, 'White\'s clock counts down');
  await shoot(page, 'clocks-running-1280');

  // e2–e4 by clicking; the increment is added and the computer's clock runs, then it answers.
  await page.click('svg.board rect.hit[data-cell="52"]');
  await page.waitForSelector('svg.board .mark.selected');
  await page.click('svg.board rect.hit[data-cell="36"]');
  await page.waitForFunction(() => document.querySelectorAll('.moves-list .move').length >= 2, null, { timeout: 10000 });
  state = await getJson(`${base}api/games/${id}`);
  assert.equal(state.clock.running, 'first');
  assert.ok(state.clock.remaining_ms[1] > 0 && state.clock.remaining_ms[1] <= 10000, JSON.stringify(state.clock));

  // A reload shows the server's times at once and they keep running.
  const beforeReload = millis(await face('first'));
  await page.reload();
  await page.waitForSelector('.player .clock[data-side=first].running');
  const afterReload = millis(await face('first'));
  assert.ok(afterReload <= beforeReload && afterReload > 0, `${beforeReload} then ${afterReload}`);
  await page.waitForTimeout(400);
  assert.ok(millis(await face('first')) < afterReload, 'still counting after the reload');
  assert.equal(millis(await face('second')), state.clock.remaining_ms[1] - (state.clock.remaining_ms[1] % 100));
  await shoot(page, 'clocks-reloaded-1280');

  // Low time turns the face red; then the flag falls: the server says so on the stream.
  await page.waitForSelector('.player .clock[data-side=first].low', { timeout: 10000 });
  await page.waitForSelector('.banner.over', { timeout: 15000 });
  assert.match(await page.textContent('.banner .result'), /Black wins/);
  assert.equal((await page.textContent('.banner .reason')).trim(), 'out of time');
  assert.match(await page.getAttribute('.player .clock[data-side=first]', 'class'), /flagged/);
  assert.equal(millis(await face('first')), 0);
  assert.equal(await page.isDisabled('.tool-undo'), true, 'no takeback in a timed game');
  state = await getJson(`${base}api/games/${id}`);
  assert.equal(state.status.reason, 'out of time');
  assert.equal(state.clock.running, null);
  await shoot(page, 'clocks-flag-1280');

  // The finished game at 360 px: no wider than the screen, clocks beside the players.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  await page.waitForSelector('.banner.over');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 360, `page ${width} px wide at 360`);
  assert.equal(millis(await face('first')), 0);
  await shoot(page, 'clocks-flag-360');
});

test('at 360×740 a clock counts down and the Vietnamese page says the flag fell', async () => {
  const id = await startTimed(0.05, 0, 360, 740);
  await page.waitForSelector('.player .clock[data-side=first].running');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 360, `page ${width} px wide at 360`);
  await shoot(page, 'clocks-running-360');
  await page.evaluate(() => localStorage.setItem('ply.lang', 'vi'));
  await page.reload();
  await page.waitForSelector('.banner.over', { timeout: 10000 });
  assert.equal((await page.textContent('.banner .reason')).trim(), 'hết giờ');
  const state = await getJson(`${base}api/games/${id}`);
  assert.equal(state.status.winner, 'second');
  await shoot(page, 'clocks-flag-vi-360');
  await page.evaluate(() => localStorage.setItem('ply.lang', 'en'));
});
