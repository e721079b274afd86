// End-to-end: a game belongs to the browser that started it (issue 18). A second browser
// opens the same link and watches: it sees the board, the moves and the computer's answer
// arrive live, in English and in Vietnamese, at desktop and phone sizes, and is offered no
// control that would change the game (undo, redo, hint, move now, analyse, resign, typed
// moves); a click on the board plays nothing; the server refuses its write with words of
// ownership. The owner's page keeps every control and plays on.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { startServer, killHard, tempData, freePort, shoot, getJson, postJson, ownerSecret, watchConsole, launchChromium } from './harness.mjs';

let server;
let base;
let browser;

before(async () => {
  server = await startServer(tempData(), await freePort());
  base = server.url;
  browser = await launchChromium();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await killHard(server.child);
});

/** A browser of its own (its own cookie jar), at `width`×`height`, in `lang`. */
async function visitor(secret, { width, height, lang }) {
  const phone = width < 500;
  const context = await browser.newContext({ viewport: { width, height }, hasTouch: phone, isMobile: phone, deviceScaleFactor: phone ? 2 : 1 });
  await context.addCookies([{ name: 'ply_owner', value: secret, domain: '127.0.0.1', path: '/', httpOnly: true, sameSite: 'Strict' }]);
  await context.addInitScript((value) => localStorage.setItem('ply.lang', value), lang);
  const page = await context.newPage();
  return { context, page, errors: watchConsole(page) };
}

const WRITE_BUTTONS = ['undo', 'redo', 'hint', 'movenow', 'analyze', 'resign'];

for (const { name, width, height, lang } of [
  { name: 'desktop-en', width: 1280, height: 800, lang: 'en' },
  { name: 'phone-vi', width: 360, height: 740, lang: 'vi' },
]) {
  test(`a second browser watches a game live and can change nothing (${name})`, async () => {
    // The owner's game: the owner plays first (X) against the computer.
    const created = await postJson(`${base}api/games`, { game: 'tictactoe', human: 'first', level: '8', movetime_ms: 300 });
    const owner = await visitor(ownerSecret, { width, height, lang });
    const watcher = await visitor(randomBytes(16).toString('hex'), { width, height, lang });
    await owner.page.goto(`${base}play/${created.id}`);
    await watcher.page.goto(`${base}play/${created.id}`);
    for (const page of [owner.page, watcher.page]) await page.waitForSelector('.board-wrap svg.board');

    // The watcher is told it watches, in its language, and has no control that changes the game.
    const notice = await watcher.page.textContent('[data-role=watching]');
    assert.match(notice, lang === 'vi' ? /Bạn đang xem/ : /You are watching/);
    for (const action of WRITE_BUTTONS) {
      assert.equal(await watcher.page.isVisible(`button[data-action=${action}]`), false, `watcher: no ${action}`);
      assert.equal(await owner.page.isVisible(`button[data-action=${action}]`), true, `owner: ${action}`);
    }
    assert.equal(await watcher.page.isVisible('#move-input'), false, 'watcher: no typed moves');
    const seats = (await watcher.page.textContent('.player.top')) + (await watcher.page.textContent('.player.bottom'));
    assert.doesNotMatch(seats, lang === 'vi' ? /· bạn/ : /· you/, 'the watcher is not called the player');
    assert.equal(await owner.page.locator('[data-role=watching]').count(), 0, 'the owner is not told it watches');
    await shoot(watcher.page, `watching-${name}-start`);

    // A click on the watcher's board plays nothing.
    assert.equal(await watcher.page.locator('svg.board rect.hit').count(), 0, 'the watcher board takes no clicks');
    await watcher.page.locator('svg.board').click();
    await watcher.page.waitForTimeout(300);
    assert.equal((await getJson(`${base}api/games/${created.id}`)).history.length, 0, 'a watcher click played nothing');

    // The server refuses the watcher's write in words of ownership (from the watcher's browser).
    const refused = await watcher.page.evaluate(async (id) => {
      const response = await fetch(`/api/games/${id}/moves`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ move: 'b2' }) });
      return { status: response.status, body: await response.json() };
    }, created.id);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.code, 'not_yours');

    // The owner plays the centre; the watcher sees it and the computer's answer live.
    const started = Date.now();
    await owner.page.locator('svg.board [data-cell="4"]').first().click();
    await watcher.page.waitForFunction(() => document.querySelectorAll('.moves-list .move').length >= 1, null, { timeout: 5000 });
    const seenAfter = Date.now() - started;
    assert.ok(seenAfter < 2000, `the watcher saw the owner's move after ${seenAfter} ms`);
    await watcher.page.waitForFunction(async (id) => {
      const state = await (await fetch(`/api/games/${id}`)).json();
      return state.history.length >= 2;
    }, created.id, { timeout: 15000 });
    const state = await getJson(`${base}api/games/${created.id}`);
    assert.ok(state.history.length >= 2, 'the computer answered');
    await watcher.page.waitForFunction(() => document.querySelectorAll('svg.board .piece').length >= 2, null, { timeout: 5000 });
    await watcher.page.waitForFunction(() => document.querySelectorAll('.moves-list .move').length >= 2, null, { timeout: 5000 });
    // Still nothing to change on the watcher's page after the moves.
    for (const action of WRITE_BUTTONS) assert.equal(await watcher.page.isVisible(`button[data-action=${action}]`), false);
    await shoot(watcher.page, `watching-${name}-moves`);
    await shoot(owner.page, `watching-${name}-owner`);

    for (const session of [owner, watcher]) {
      assert.deepEqual(session.errors.take().filter((e) => !e.includes('403')), [], 'no console errors');
      await session.context.close();
    }
  });
}
