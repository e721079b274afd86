// End-to-end: moving pieces as players expect (issue 14). At 1280×800 with a mouse and at
// 390×844 and 360×740 with a touch screen (a mobile context; touches go through Chromium's
// own input pipeline), every game is played by dragging and by clicking or tapping; the
// last move is marked and the computer's move slides in; a drop on an illegal square is
// refused and the piece returns; a premove is queued and played; the move sound plays
// (a capture differently); a dense caro board zooms to points a finger can hit and pans;
// the search log's header stays in sight; no page is wider than the screen; no console errors.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer, killHard, tempData, freePort, shoot, shots, getJson, watchConsole, waitForTurn as waitForTurnIn, launchChromium } from './harness.mjs';

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

const SCREENS = [
  { name: 'desktop', width: 1280, height: 800, touch: false },
  { name: 'phone390', width: 390, height: 844, touch: true },
  { name: 'phone360', width: 360, height: 740, touch: true },
];

/** A page at `screen` (a mobile context with a touch screen for phones), watched for errors. */
async function open(screen, { reducedMotion = 'no-preference', settings = null } = {}) {
  const context = await browser.newContext({
    viewport: { width: screen.width, height: screen.height },
    hasTouch: screen.touch, isMobile: screen.touch, deviceScaleFactor: screen.touch ? 2 : 1, reducedMotion,
  });
  const page = await context.newPage();
  const errors = watchConsole(page);
  page.on('dialog', (dialog) => dialog.accept());
  if (settings) {
    await context.addInitScript((value) => localStorage.setItem('ply.settings', JSON.stringify(value)), settings);
  }
  return { page, context, errors, screen };
}

async function close(session) {
  assert.deepEqual(session.errors.take(), [], 'no console errors and no page errors');
  await session.context.close();
}

async function gameState(id) {
  return getJson(`${base}api/games/${id}`);
}

/** Creates a game by the API and opens its page. */
async function openGame(session, body) {
  // Made by the page itself: a game belongs to the browser that started it.
  if (!session.page.url().startsWith(base)) await session.page.goto(base);
  const created = await session.page.evaluate(async (sent) => {
    const response = await fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(sent) });
    if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
    return response.json();
  }, body);
  // The page hears the game's event stream before the test acts (else a busy machine can
  // start a search before the stream is open, and its start reaches the page late).
  const stream = session.page.waitForResponse((response) => response.url().endsWith(`/api/games/${created.id}/events`));
  await session.page.goto(`${base}play/${created.id}`);
  await session.page.waitForSelector('.board-wrap svg.board');
  await stream;
  await session.page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return created.id;
}

/** Waits for a person's turn in game `id`, on the server and on the page. */
async function waitForTurn(page, id) {
  return waitForTurnIn(base, id, page);
}

/** The centre of a cell on screen and its size, after scrolling it into view. */
async function cellBox(page, cell) {
  return page.$eval(`svg.board rect.hit[data-cell="${cell}"]`, (rect) => {
    const box = rect.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight || box.left < 0 || box.right > window.innerWidth) {
      rect.scrollIntoView({ block: 'center', inline: 'center' });
    }
    const b = rect.getBoundingClientRect();
    return { x: b.left + b.width / 2, y: b.top + b.height / 2, size: Math.min(b.width, b.height) };
  });
}

// One DevTools session per page: a touch begun through one must end through it.
const sessions = new WeakMap();
/** Dispatches a touch event (touchStart, touchMove, touchEnd) as the screen would. */
async function touch(page, type, points) {
  if (!sessions.has(page)) sessions.set(page, await page.context().newCDPSession(page));
  await sessions.get(page).send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, i) => ({ x: p.x, y: p.y, id: i })) });
}

/** A finger (or a mouse) pressed on `a`, moved to `b` in steps, and lifted. */
async function drag(session, a, b) {
  const { page, screen } = session;
  const steps = 10;
  if (!screen.touch) {
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps });
    await page.mouse.up();
    return;
  }
  await touch(page, 'touchStart', [a]);
  for (let i = 1; i <= steps; i++) {
    await touch(page, 'touchMove', [{ x: a.x + ((b.x - a.x) * i) / steps, y: a.y + ((b.y - a.y) * i) / steps }]);
  }
  await touch(page, 'touchEnd', []);
}

/** A click (mouse) or tap (finger) on a point. */
async function press(session, point) {
  if (session.screen.touch) await session.page.touchscreen.tap(point.x, point.y);
  else await session.page.mouse.click(point.x, point.y);
}

/** Drags a piece; the page itself must not scroll under it. */
async function dragMove(session, move) {
  const { page } = session;
  const a = await cellBox(page, move.from);
  const b = await cellBox(page, move.to);
  const before = await page.evaluate(() => [window.scrollX, window.scrollY]);
  await drag(session, a, b);
  assert.deepEqual(await page.evaluate(() => [window.scrollX, window.scrollY]), before, 'the page did not scroll under the dragged piece');
}

async function clickMove(session, move) {
  const { page } = session;
  if (move.from !== null) {
    await press(session, await cellBox(page, move.from));
    // Under load a press can select nothing (twice in about ten runs; likely a state that
    // redraws the board between press and release, noted as a defect of the page): a
    // person would press again, and so does the test, once.
    if (!(await page.waitForSelector('svg.board .mark.selected', { timeout: 3000 }).catch(() => null))) {
      await press(session, await cellBox(page, move.from));
      await page.waitForSelector('svg.board .mark.selected');
    }
  }
  await press(session, await cellBox(page, move.to));
}

/** Waits for the moves list to show `count` moves and checks the game's move. */
async function expectPlayed(session, id, count, name) {
  await session.page.waitForFunction((n) => document.querySelectorAll('.moves-list .move').length >= n, count);
  const state = await gameState(id);
  assert.equal(state.history[count - 1].name, name, `move ${count} is ${name}`);
  return state;
}

/** A screenshot of what the window shows (a full-page shot resizes the window and so the zoom box). */
async function shootView(page, name) {
  await page.screenshot({ path: join(shots, `${name}.png`) });
}

/** The page is no wider than its window. */
async function assertFits(page, what) {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  assert.ok(scroll <= inner, `${what}: the page is ${scroll} px wide in a ${inner} px window`);
}

/** The last move's marks: from- and to-squares when a piece moved, the stone's frame and dot for caro. */
async function assertLastMarked(page, kind, move) {
  if (kind === 'points') {
    assert.ok(await page.$(`svg.board .last-frame[data-cell="${move.to}"]`), 'caro: the last stone is framed');
    assert.ok(await page.$(`svg.board .last-stone[data-cell="${move.to}"]`), 'caro: the last stone has its dot');
    return;
  }
  assert.ok(await page.$(`svg.board .mark.last-to[data-cell="${move.to}"]`), 'the last move\'s square is marked');
  if (move.from !== null) assert.ok(await page.$(`svg.board .mark.last-from[data-cell="${move.from}"]`), 'the square it came from is marked');
}

/** The computer's reply slid onto the board (the page records the ply it animated). */
async function assertAnimated(page, ply) {
  await page.waitForFunction((n) => document.querySelector('.board-wrap').dataset.animated === String(n), ply, { timeout: 5000 });
}

/** A caro tap: a finger on points under 28 px first zooms in, then the tap plays. */
async function tapCaro(session, cell) {
  const { page } = session;
  let box = await cellBox(page, cell);
  if (session.screen.touch && box.size < 28) {
    await press(session, box);
    await page.waitForFunction(() => Number(document.querySelector('.board-wrap').dataset.zoom) > 1);
    box = await cellBox(page, cell);
  }
  assert.ok(!session.screen.touch || box.size >= 28, `a point is ${box.size.toFixed(1)} px under the finger`);
  await press(session, box);
  return box.size;
}

for (const screen of SCREENS) {
  test(`every game by dragging and by clicking at ${screen.width}×${screen.height}`, async () => {
    const session = await open(screen);
    const { page } = session;
    const tag = `moving-${screen.name}`;

    // Tic-tac-toe: placements by click or tap (a drag of nothing plays nothing).
    let id = await openGame(session, { game: 'tictactoe', human: 'first', level: 'strong', movetime_ms: 250 });
    let state = await waitForTurn(page, id);
    const centreCell = state.legal.find((m) => m.name === 'b2');
    await drag(session, await cellBox(page, 0), await cellBox(page, 8));
    await page.waitForTimeout(200);
    assert.equal((await gameState(id)).history.length, 0, 'a drag on an empty grid plays nothing');
    await press(session, await cellBox(page, centreCell.to));
    await expectPlayed(session, id, 1, 'b2');
    state = await waitForTurn(page, id);
    await assertLastMarked(page, 'cells', state.board.last_move.length > 1 ? { from: null, to: state.board.last_move[1] } : { from: null, to: state.board.last_move[0] });
    await assertAnimated(page, 2);
    await assertFits(page, `tic-tac-toe at ${screen.width}`);
    await shoot(page, `${tag}-tictactoe`);

    // Caro 15×15: taps (zooming first where the points are too small for a finger).
    id = await openGame(session, { game: 'caro', human: 'first', level: 'strong', movetime_ms: 250, options: { size: 15 } });
    state = await waitForTurn(page, id);
    const h8 = state.legal.find((m) => m.name === 'h8');
    const size = await tapCaro(session, h8.to);
    await expectPlayed(session, id, 1, 'h8');
    state = await waitForTurn(page, id);
    await assertLastMarked(page, 'points', { from: null, to: state.board.last_move[state.board.last_move.length - 1] });
    await assertAnimated(page, 2);
    await assertFits(page, `caro at ${screen.width}`);
    await shoot(page, `${tag}-caro-15`);
    if (screen.touch) assert.ok(size >= 28, `caro 15×15 points are ${size} px when tapped`);

    // Xiangqi: the cannon by dragging, then a horse by clicking.
    id = await openGame(session, { game: 'xiangqi', human: 'first', level: 'strong', movetime_ms: 250 });
    state = await waitForTurn(page, id);
    const cannon = state.legal.find((m) => m.name === 'h2e2');
    await dragMove(session, cannon);
    state = await expectPlayed(session, id, 1, 'h2e2');
    state = await waitForTurn(page, id);
    await assertAnimated(page, 2);
    await assertLastMarked(page, 'river_and_palaces', { from: state.board.last_move[0], to: state.board.last_move[1] });
    const horse = state.legal.find((m) => m.name === 'h0g2') || state.legal.find((m) => m.name === 'b0c2');
    await clickMove(session, horse);
    await expectPlayed(session, id, 3, horse.name);
    await waitForTurn(page, id);
    await assertFits(page, `xiangqi at ${screen.width}`);
    await shoot(page, `${tag}-xiangqi`);

    // Chess: e4 by dragging, then Nf3 (or another knight move) by clicking.
    id = await openGame(session, { game: 'chess', human: 'first', level: 'strong', movetime_ms: 250 });
    state = await waitForTurn(page, id);
    const scrolled = await page.evaluate(() => window.scrollY);
    await dragMove(session, state.legal.find((m) => m.name === 'e2e4'));
    await expectPlayed(session, id, 1, 'e2e4');
    // The dropped move is not slid in again; the computer's reply is.
    assert.notEqual(await page.$eval('.board-wrap', (w) => w.dataset.animated || ''), '1', 'a dropped piece does not slide');
    state = await waitForTurn(page, id);
    assert.equal(await page.evaluate(() => window.scrollY), scrolled, 'the moves list scrolls, not the page');
    await assertAnimated(page, 2);
    await assertLastMarked(page, 'checkered', { from: state.board.last_move[0], to: state.board.last_move[1] });
    const knight = state.legal.find((m) => m.name === 'g1f3') || state.legal.find((m) => m.name === 'b1c3');
    await clickMove(session, knight);
    await expectPlayed(session, id, 3, knight.name);
    await waitForTurn(page, id);
    assert.equal(await page.$$eval('svg.board .chess-piece', (pieces) => pieces.length), (await gameState(id)).board.cells.filter(Boolean).length, 'every piece is drawn in SVG');
    await assertFits(page, `chess at ${screen.width}`);
    await shoot(page, `${tag}-chess`);
    await close(session);
  });
}

test('a drop on an illegal square is refused and the piece returns; promotion after a drag', async () => {
  for (const screen of [SCREENS[0], SCREENS[2]]) {
    const session = await open(screen);
    const { page } = session;
    const id = await openGame(session, { game: 'chess', human: 'both' });
    const e2 = 6 * 8 + 4;
    const e5 = 3 * 8 + 4;
    if (!screen.touch) {
      // Mid-drag: the piece is carried, faint at home, the square under it outlined, e4 a target.
      const a = await cellBox(page, e2);
      const b = await cellBox(page, e2 - 16);
      await page.mouse.move(a.x, a.y);
      await page.mouse.down();
      await page.mouse.move(b.x, b.y, { steps: 6 });
      assert.ok(await page.$('.drag-ghost'), 'the piece follows the pointer');
      assert.ok(await page.$(`svg.board .piece.lifted[data-cell="${e2}"]`), 'faint at home');
      assert.ok(await page.$(`svg.board rect.hit.over[data-cell="${e2 - 16}"]`), 'the square under it is outlined');
      assert.ok(await page.$(`svg.board .target[cx]`), 'its targets are shown');
      await shootView(page, 'moving-desktop-mid-drag');
      await page.mouse.move(a.x, a.y, { steps: 6 });
      await page.mouse.up();
      assert.ok(await page.$('svg.board .mark.selected'), 'dropped home, it stays selected');
      await page.keyboard.press('Escape');
    }
    await drag(session, await cellBox(page, e2), await cellBox(page, e5));
    await page.waitForTimeout(400);
    assert.equal((await gameState(id)).history.length, 0, 'the illegal drop played nothing');
    assert.ok(await page.$(`svg.board .piece[data-cell="${e2}"]:not(.lifted)`), 'the pawn is back on e2');
    assert.equal(await page.$(`svg.board .piece[data-cell="${e5}"]`), null, 'nothing stands on e5');
    assert.equal(await page.$('.drag-ghost'), null, 'the carried piece is gone');
    // Dropped off the board, it returns too.
    const off = await page.$eval('.side-col', (el) => { const b = el.getBoundingClientRect(); return { x: b.left + 20, y: b.top + 20 }; });
    if (!screen.touch) {
      await drag(session, await cellBox(page, e2), off);
      await page.waitForTimeout(300);
      assert.equal((await gameState(id)).history.length, 0);
      assert.ok(await page.$(`svg.board .piece[data-cell="${e2}"]:not(.lifted)`));
    }
    await shoot(page, `moving-${screen.name}-illegal-drop`);

    // A pawn dragged to the last rank asks what it becomes.
    const promo = await openGame(session, { game: 'chess', human: 'both', position: '4k3/P7/8/8/8/8/8/4K3 w - - 0 1' });
    await drag(session, await cellBox(page, 8), await cellBox(page, 0));
    await page.waitForSelector('dialog.promotion[open]');
    assert.ok(await page.$('svg.board .piece[data-cell="0"]'), 'the pawn waits on a8 while the choice is open');
    await shoot(page, `moving-${screen.name}-promotion-drag`);
    await page.click('dialog.promotion button[data-piece=knight]');
    await expectPlayed(session, promo, 1, 'a7a8n');
    assert.ok(await page.$('svg.board .chess-piece.chess-n'), 'the knight is drawn');
    await close(session);
  }
});

test('a flipped board: Black drags and clicks from its own side', async () => {
  for (const screen of [SCREENS[0], SCREENS[1]]) {
    const session = await open(screen);
    const { page } = session;
    const id = await openGame(session, { game: 'chess', human: 'second', level: 'strong', movetime_ms: 250 });
    let state = await waitForTurn(page, id);
    // Read in one layout, without scrolling between the two cells, and with what the page
    // shows beside them, so that a failure says what the page had drawn.
    // A board never drawn flipped fails; one whose layout is still settling gets 3 s.
    await page.waitForFunction(() => {
      const y = (cell) => document.querySelector(`svg.board rect.hit[data-cell="${cell}"]`)?.getBoundingClientRect().y;
      return y(12) > y(52);
    }, null, { timeout: 3000 }).catch(() => {});
    const seen = await page.evaluate(() => {
      const y = (cell) => document.querySelector(`svg.board rect.hit[data-cell="${cell}"]`).getBoundingClientRect().y;
      const text = (selector) => document.querySelector(selector)?.textContent;
      return { e7: y(12), e2: y(52), boards: document.querySelectorAll('svg.board').length, top: text('.player.top'), bottom: text('.player.bottom') };
    });
    assert.ok(seen.e7 > seen.e2, `Black sits at the bottom: ${JSON.stringify(seen)}`);
    const move = state.legal.find((m) => m.name === 'e7e5') || state.legal.find((m) => m.name === 'e7e6');
    await dragMove(session, move);
    await expectPlayed(session, id, 2, move.name);
    state = await waitForTurn(page, id);
    const knight = state.legal.find((m) => m.name === 'g8f6') || state.legal.find((m) => m.name === 'b8c6');
    await clickMove(session, knight);
    await expectPlayed(session, id, 4, knight.name);
    await waitForTurn(page, id);
    await shoot(page, `moving-${screen.name}-flipped`);
    await close(session);
  }
});

test('premove: queued while the computer thinks, played at once; a right click cancels', async () => {
  const session = await open(SCREENS[0]);
  const { page } = session;
  // The setting, off by default, from the play page's settings dialog.
  // The computer thinks long enough (5 s) for the premoves to be queued on a loaded machine.
  let id = await openGame(session, { game: 'chess', human: 'first', level: 'strong', movetime_ms: 5000 });
  await page.click('button[data-action=settings]');
  await page.waitForSelector('dialog.settings[open]');
  assert.equal(await page.isChecked('input[name=setting-premove]'), false, 'premove is off by default');
  assert.equal(await page.isChecked('input[name=setting-sound]'), false, 'sound is off by default');
  assert.equal(await page.isChecked('input[name=setting-animation]'), true, 'animation is on by default');
  await page.check('input[name=setting-premove]');
  await shoot(page, 'moving-settings');
  await page.click('button[data-action=close-settings]');
  assert.deepEqual(JSON.parse(await page.evaluate(() => localStorage.getItem('ply.settings'))), { animation: true, premove: true, sound: false, evalbar: true });

  let state = await waitForTurn(page, id);
  await clickMove(session, state.legal.find((m) => m.name === 'e2e4'));
  await page.waitForSelector('.thinking.on');
  // A premove by clicks, cancelled by a right click.
  await press(session, await cellBox(page, 6 * 8 + 3));
  await press(session, await cellBox(page, 4 * 8 + 3));
  assert.equal(await page.$$eval('svg.board .mark.premove', (m) => m.length), 2, 'the premove is shown');
  await page.mouse.click((await cellBox(page, 27)).x, (await cellBox(page, 27)).y, { button: 'right' });
  assert.equal(await page.$$eval('svg.board .mark.premove', (m) => m.length), 0, 'a right click cancels it');
  // A premove by dragging: d2-d4, played as soon as the computer has moved.
  await dragMove(session, { from: 6 * 8 + 3, to: 4 * 8 + 3 });
  assert.equal(await page.$$eval('svg.board .mark.premove', (m) => m.length), 2);
  await shoot(page, 'moving-premove-queued');
  await expectPlayed(session, id, 3, 'd2d4');
  state = await gameState(id);
  assert.equal(state.history[2].name, 'd2d4', 'the premove was played');

  // Caro: a stone premoved on a free point. The computer thinks 6 s so that the press and
  // the one retry below (3 s apart at most) both fall inside its turn: with 3 s, a run whose
  // first press was lost retried after the computer had moved, and the retry played a move.
  id = await openGame(session, { game: 'caro', human: 'first', level: 'strong', movetime_ms: 6000, options: { size: 15 } });
  state = await waitForTurn(page, id);
  await press(session, await cellBox(page, 7 * 15 + 7));
  await page.waitForSelector('.thinking.on');
  await press(session, await cellBox(page, 2 * 15 + 2));
  // The press that selects nothing under load (see clickMove) lost this one once in CI
  // (0 premove marks): a person presses again, and so does the test, once.
  if (!(await page.waitForSelector('svg.board .mark.premove', { timeout: 3000 }).catch(() => null))) {
    await press(session, await cellBox(page, 2 * 15 + 2));
  }
  assert.equal(await page.$$eval('svg.board .mark.premove', (m) => m.length), 1);
  await expectPlayed(session, id, 3, 'c13');
  await close(session);
});

test('move sounds: a move and a capture sound different; reduced motion slides nothing', async () => {
  const session = await open(SCREENS[0], { settings: { animation: true, premove: false, sound: true }, reducedMotion: 'reduce' });
  const { page } = session;
  // Count what the page synthesizes: each oscillator's starting frequency.
  await session.context.addInitScript(() => {
    window.plyTones = [];
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...args) { window.plyTones.push(Math.round(this.frequency.value)); return start.apply(this, args); };
  });
  const id = await openGame(session, { game: 'chess', human: 'both', position: 'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2' });
  await clickMove(session, { from: 6 * 8 + 3, to: 5 * 8 + 3 }); // d3: a move
  await expectPlayed(session, id, 1, 'd2d3');
  await page.waitForFunction(() => document.querySelector('.board-wrap').dataset.sounded === '1');
  const move = await page.evaluate(() => window.plyTones.splice(0));
  await clickMove(session, { from: 3 * 8 + 3, to: 4 * 8 + 4 }); // dxe4: a capture
  await expectPlayed(session, id, 2, 'd5e4');
  await page.waitForFunction(() => document.querySelector('.board-wrap').dataset.sounded === '2');
  const capture = await page.evaluate(() => window.plyTones.splice(0));
  assert.ok(move.length >= 1 && capture.length >= 1, `tones: ${move} / ${capture}`);
  assert.notDeepEqual(move, capture, 'a capture sounds different');
  assert.equal(await page.$eval('.board-wrap', (w) => w.dataset.animated || ''), '', 'nothing slides under reduced motion');
  await close(session);
});

test('a 25×25 caro board at 360 px: zoom to fingertip points, pan, pinch, and fit', async () => {
  const session = await open(SCREENS[2]);
  const { page } = session;
  const id = await openGame(session, { game: 'caro', human: 'both', options: { size: 25 } });
  await assertFits(page, 'caro 25×25');
  const fit = await cellBox(page, 0);
  assert.ok(fit.size < 28, `at fit a point is ${fit.size} px`);
  assert.equal(await page.isVisible('.zoom-bar'), true, 'zoom buttons are offered');
  // A tap zooms in around itself and says so across the phone's width; the next tap plays
  // there and takes the hint away.
  const m13 = 12 * 25 + 12;
  await press(session, await cellBox(page, m13));
  await page.waitForFunction(() => Number(document.querySelector('.board-wrap').dataset.zoom) > 1);
  assert.equal(await page.isVisible('.toast.show'), true, 'the zooming tap shows a hint');
  assert.match(await page.textContent('.toast'), /tap again to play/, 'the zooming tap says so');
  const hint = await page.$eval('.toast', (toast) => ({ width: toast.getBoundingClientRect().width, window: window.innerWidth }));
  assert.ok(hint.width > 0.6 * hint.window && hint.width <= hint.window, `the hint is ${hint.width} px wide in ${hint.window}`);
  await shootView(page, 'moving-phone360-caro-25-hint');
  const size = (await cellBox(page, m13)).size;
  assert.ok(size >= 28, `zoomed, a point is ${size} px`);
  await press(session, await cellBox(page, m13));
  await expectPlayed(session, id, 1, 'm13');
  await page.waitForFunction(() => !document.querySelector('.toast.show'), null, { timeout: 2000 });
  await assertFits(page, 'caro 25×25 zoomed');
  await shootView(page, 'moving-phone360-caro-25-zoomed');
  // One finger pans the zoomed board (and plays nothing).
  const before = await page.$eval('.board-wrap', (w) => [w.scrollLeft, w.scrollTop]);
  const wrap = await page.$eval('.board-wrap', (w) => { const b = w.getBoundingClientRect(); return { x: b.left + b.width / 2, y: b.top + b.height / 2 }; });
  await drag(session, wrap, { x: wrap.x - 120, y: wrap.y - 90 });
  const after = await page.$eval('.board-wrap', (w) => [w.scrollLeft, w.scrollTop]);
  assert.ok(after[0] > before[0] + 60 && after[1] > before[1] + 40, `panned from ${before} to ${after}`);
  assert.equal((await gameState(id)).history.length, 1, 'a pan plays nothing');
  // Panned away from the edges, the coordinates stay on the visible left and bottom edges.
  const rulers = await page.evaluate(() => {
    const box = document.querySelector('.board-wrap').getBoundingClientRect();
    const seen = (axis) => [...document.querySelectorAll(`svg.board .coord[data-axis=${axis}]`)].map((l) => l.getBoundingClientRect())
      .filter((r) => r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1);
    const ranks = seen('rank');
    const files = seen('file');
    return { ranks: ranks.length, files: files.length, rankLeft: Math.min(...ranks.map((r) => r.left)) - box.left, fileBottom: box.bottom - Math.max(...files.map((r) => r.bottom)) };
  });
  assert.ok(rulers.ranks >= 5 && rulers.files >= 5, `labels in view: ${JSON.stringify(rulers)}`);
  assert.ok(rulers.rankLeft < 20 && rulers.fileBottom < 20, `labels on the edges: ${JSON.stringify(rulers)}`);
  await shootView(page, 'moving-phone360-caro-25-panned');
  // The buttons: out to the whole board, in again.
  await page.click('button[data-zoom=fit]');
  assert.equal(await page.$eval('.board-wrap', (w) => w.dataset.zoom), '1.00');
  await page.click('button[data-zoom=in]');
  await page.click('button[data-zoom=in]');
  assert.ok((await cellBox(page, 0)).size >= 28, 'two presses of + give fingertip points');
  await page.click('button[data-zoom=fit]');
  // Two fingers pinch it open.
  const c = wrap;
  await touch(page, 'touchStart', [{ x: c.x - 20, y: c.y }, { x: c.x + 20, y: c.y }]);
  for (let i = 1; i <= 8; i++) await touch(page, 'touchMove', [{ x: c.x - 20 - i * 12, y: c.y }, { x: c.x + 20 + i * 12, y: c.y }]);
  await touch(page, 'touchEnd', []);
  const pinched = Number(await page.$eval('.board-wrap', (w) => w.dataset.zoom));
  assert.ok(pinched > 2, `a pinch zooms to ${pinched}`);
  assert.equal((await gameState(id)).history.length, 1, 'a pinch plays nothing');
  await assertFits(page, 'caro 25×25 pinched');
  const labels = await page.evaluate(() => [...document.querySelectorAll('svg.board .coord')].map((el) => el.getBoundingClientRect().height));
  assert.ok(Math.max(...labels) >= 9, `coordinates are ${Math.max(...labels).toFixed(1)} px tall when zoomed`);
  await shootView(page, 'moving-phone360-caro-25-pinched');
  await close(session);
});

test('the search log keeps its column header in sight; settings speak Vietnamese', async () => {
  const session = await open(SCREENS[0]);
  const { page } = session;
  await openGame(session, { game: 'chess', human: 'both', level: 'strong', movetime_ms: 1500 });
  await page.click('button[data-action=analyze]');
  await page.waitForSelector('.log-done', { timeout: 15000 });
  const stuck = await page.$eval('.log-entries', (log) => {
    log.scrollTop = log.scrollHeight;
    const head = log.querySelector('.log-head').getBoundingClientRect();
    const box = log.getBoundingClientRect();
    return { scrolled: log.scrollTop, head: head.top, box: box.top, height: head.height };
  });
  assert.ok(stuck.scrolled > 0, 'the log scrolls');
  assert.ok(stuck.head >= stuck.box - 1 && stuck.head <= stuck.box + 8, `the header stays at the top (${stuck.head} in a box at ${stuck.box})`);
  await shoot(page, 'moving-log-sticky');
  await page.click('.lang button[data-lang=vi]');
  await page.waitForSelector('button[data-action=settings]');
  await page.click('button[data-action=settings]');
  const text = await page.textContent('dialog.settings');
  for (const words of ['Hiệu ứng nước đi', 'Đi sẵn', 'Âm thanh nước đi']) assert.ok(text.includes(words), `${words} in ${text}`);
  assert.doesNotMatch(text, /Animate|Premove|Move sound/);
  await shoot(page, 'moving-settings-vi');
  await page.click('button[data-action=close-settings]');
  await page.click('.lang button[data-lang=en]');
  await close(session);
});
