// End-to-end: a person at a real headless Chromium plays a short game of every available
// game by clicking, uses the log, the hint, undo and redo, the lab and the list of games,
// switches language, and finds a game again after the server was killed and restarted.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, killHard, launchBrowser, tempData, freePort, shoot, getJson } from './harness.mjs';

let server;
let context;
let page;
let base;
const dataDir = tempData();
let port;

before(async () => {
  port = await freePort();
  server = await startServer(dataDir, port);
  base = server.url;
  context = await launchBrowser();
  page = await context.newPage();
  page.on('pageerror', (error) => { throw error; });
  page.on('dialog', (dialog) => dialog.accept());
});

after(async () => {
  if (context) await context.close();
  if (server) await killHard(server.child);
});

async function gameState(id) {
  return getJson(`${base}api/games/${id}`);
}

function currentId() {
  const match = page.url().match(/\/play\/(\d+)/);
  assert.ok(match, `on a play page: ${page.url()}`);
  return Number(match[1]);
}

/** Waits until it is the person's turn (or the game is over) and returns the state. */
async function waitForTurn(id) {
  for (let i = 0; i < 200; i++) {
    const state = await gameState(id);
    if (state.status.state === 'finished' || (state.human_to_move && !state.thinking)) {
      return state;
    }
    await page.waitForTimeout(100);
  }
  throw new Error('the computer never answered');
}

/** Plays one legal move by clicking its cells on the board, as a person would. */
async function clickMove(move) {
  if (move.from !== null) {
    await page.click(`svg.board rect.hit[data-cell="${move.from}"]`);
    await page.waitForSelector('svg.board .mark.selected');
  }
  await page.click(`svg.board rect.hit[data-cell="${move.to}"]`);
  const promotion = await page.$('dialog.promotion[open]');
  if (promotion) await page.click(`dialog.promotion button[data-move="${move.name}"]`);
}

/** Starts a game from the home page by clicking. */
async function startFromHome(game, { human = 'first', level = 'strong', movetime = 250 } = {}) {
  await page.goto(base);
  await page.click(`.game-card[data-game="${game}"]`);
  await page.check(`.segmented input[name=human][value=${human}]`);
  await page.check(`.segmented input[name=level][value=${level}]`);
  if (level === 'strong') await page.selectOption('select[name=movetime_ms]', String(movetime));
  await Promise.all([page.waitForURL(/\/play\/\d+$/), page.click('button[data-action=start]')]);
  await page.waitForSelector('svg.board');
  return currentId();
}

test('the home page offers every available game', async () => {
  await page.goto(base);
  await page.waitForSelector('.game-card');
  const catalog = await getJson(`${base}api/catalog`);
  const available = catalog.games.filter((g) => g.available).map((g) => g.name);
  assert.ok(available.includes('tictactoe'));
  for (const name of available) {
    assert.equal(await page.isDisabled(`.game-card[data-game="${name}"]`), false, name);
  }
  await shoot(page, 'home');
});

test('a short game of each available game, played by clicking', async () => {
  const catalog = await getJson(`${base}api/catalog`);
  for (const game of catalog.games.filter((g) => g.available)) {
    const id = await startFromHome(game.name);
    await shoot(page, `${game.name}-start`);
    let state = await waitForTurn(id);
    // Tic-tac-toe to the end; the bigger games for a few moves each, then resign.
    const limit = game.name === 'tictactoe' ? 9 : 3;
    for (let turn = 0; turn < limit && state.status.state !== 'finished'; turn++) {
      const before = state.history.length;
      const move = state.legal[Math.floor(state.legal.length / 2)];
      await clickMove(move);
      await page.waitForFunction((n) => document.querySelectorAll('.moves-list .move').length > n, before);
      state = await waitForTurn(id);
      assert.ok(state.history.length >= before + 1, 'the move was played');
      assert.equal(state.history[before].name, move.name, 'the clicked move was played');
    }
    await page.waitForSelector('.log-iter, .log-root');
    await shoot(page, `${game.name}-played`);
    if (state.status.state !== 'finished') {
      await page.click('button[data-action=resign]');
    }
    await page.waitForSelector('.banner.over');
    const banner = await page.textContent('.banner.over');
    assert.ok(banner.length > 3, banner);
    await shoot(page, `${game.name}-over`);
  }
});

test('clicks on illegal targets do nothing harmful', async () => {
  const id = await startFromHome('tictactoe', { human: 'both' });
  await page.click('svg.board rect.hit[data-cell="4"]');
  await page.waitForFunction(() => document.querySelectorAll('.moves-list .move').length === 1);
  await page.click('svg.board rect.hit[data-cell="4"]'); // occupied
  await page.waitForTimeout(300);
  const state = await gameState(id);
  assert.equal(state.history.length, 1);
  assert.equal(await page.$('.toast.show'), null, 'no error for a harmless click');
});

test('Chess960 from a pasted X-FEN: the option from the form, castling by clicks', async () => {
  await page.goto(base);
  await page.click('.game-card[data-game="chess"]');
  await page.check('input[name="option.chess960"]');
  await page.check('.segmented input[name=human][value=both]');
  await page.click('.position-field summary');
  // Kings on b1 and h8, rooks on a1 and g1: the king's step to c1 and the long castle share cells.
  await page.fill('#new-position', 'r6k/8/8/8/8/8/8/RK4R1 w GA - 0 1');
  await Promise.all([page.waitForURL(/\/play\/\d+$/), page.click('button[data-action=start]')]);
  await page.waitForSelector('svg.board');
  const id = currentId();
  let state = await gameState(id);
  assert.equal(state.title, 'Chess960');
  assert.deepEqual(state.options, { chess960: true });
  await page.click('svg.board rect.hit[data-cell="57"]');
  await page.waitForSelector('svg.board .mark.selected');
  await page.click('svg.board rect.hit[data-cell="58"]');
  await page.waitForSelector('dialog.choose[open]');
  await shoot(page, 'chess960-choose');
  const castle = state.legal.find((m) => m.display === 'O-O-O');
  await page.click(`dialog.choose button[data-move="${castle.name}"]`);
  await page.waitForFunction(() => document.querySelectorAll('.moves-list .move').length === 1);
  state = await gameState(id);
  assert.equal(state.history[0].display, 'O-O-O');
  assert.equal(state.board.cells[58].kind, 'K');
  assert.equal(state.board.cells[59].kind, 'R');
});

test('undo, redo, hint, score every move and move now', async () => {
  const id = await startFromHome('tictactoe', { human: 'first', level: 'strong' });
  await clickMove({ from: null, to: 0, name: 'a3' });
  let state = await waitForTurn(id);
  assert.equal(state.history.length, 2);
  await page.keyboard.press('u');
  await page.waitForFunction(() => document.querySelectorAll('.moves-list .move').length === 0);
  await page.keyboard.press('r');
  await page.waitForFunction(() => document.querySelectorAll('.moves-list .move').length === 2);
  await page.waitForSelector('button[data-action=hint]:not([disabled])');
  await page.keyboard.press('h');
  await page.waitForSelector('svg.board .mark.hint');
  await shoot(page, 'tictactoe-hint');
  await page.click('button[data-action=analyze]');
  await page.waitForSelector('.moves-table tbody tr');
  state = await gameState(id);
  const rows = await page.$$eval('.moves-table tbody tr', (trs) => trs.length);
  assert.equal(rows, state.legal.length, 'one row per legal move');
  await shoot(page, 'tictactoe-scores');

  // A long think that "move now" cuts short, in the first game whose engine does not answer
  // at once (an engine may move instantly when it sees a forced line).
  const catalog = await getJson(`${base}api/catalog`);
  let shown = false;
  for (const slow of catalog.games.filter((g) => g.available && g.default_movetime_ms)) {
    const slowId = await startFromHome(slow.name, { human: 'first', level: 'strong', movetime: 10000 });
    const start = await waitForTurn(slowId);
    await clickMove(start.legal[Math.floor(start.legal.length / 2)]);
    const thinking = await page.waitForSelector('.thinking.on', { timeout: 3000 }).catch(() => null);
    if (!thinking) continue;
    await shoot(page, `${slow.name}-thinking`);
    const started = Date.now();
    await page.keyboard.press('m');
    const after = await waitForTurn(slowId);
    assert.ok(Date.now() - started < 8000, 'moved on request');
    assert.equal(after.history.length, 2);
    await page.waitForSelector('.log-done');
    shown = true;
    break;
  }
  const slowGames = catalog.games.filter((g) => g.available && g.default_movetime_ms).length;
  assert.ok(shown || slowGames === 0, 'move now was tried on a long think');
});

test('the lab compares minimax and alpha-beta and steps through the tree', async () => {
  await page.goto(`${base}lab`);
  await page.waitForSelector('#lab-position');
  await page.fill('#lab-position', 'x2/1o1/2x o');
  await page.fill('#lab-depth', '6');
  await page.click('button[data-action=run]');
  await page.waitForSelector('.counts tbody tr');
  const counts = await page.$$eval('.counts tbody tr', (trs) => Object.fromEntries(trs.map((tr) => [tr.dataset.search, Number(tr.querySelector('.count').textContent.replace(/[^\d]/g, ''))])));
  assert.ok(counts.alphabeta < counts.minimax, JSON.stringify(counts));
  assert.ok(counts.table <= counts.ordered, JSON.stringify(counts));
  assert.ok(await page.$('[data-tree=alphabeta] .edge.pruned'), 'cut-off branches are drawn');
  await shoot(page, 'lab');
  await page.click('[data-tree=alphabeta] button[data-step=first]');
  await page.click('[data-tree=alphabeta] button[data-step=next]');
  await page.click('[data-tree=alphabeta] button[data-step=next]');
  const caption = await page.textContent('[data-tree=alphabeta] .tree-caption');
  assert.match(caption, /α/);
  await shoot(page, 'lab-stepping');

  // The seed's figures on the empty board.
  await page.fill('#lab-position', '');
  await page.fill('#lab-depth', '9');
  await page.click('button[data-action=run]');
  await page.waitForFunction(() => document.querySelector('.counts tr[data-search=minimax] .count')?.textContent.replace(/[^\d]/g, '') === '549946');
  const alphabeta = await page.textContent('.counts tr[data-search=alphabeta] .count');
  assert.equal(alphabeta.replace(/[^\d]/g, ''), '18297');
  await shoot(page, 'lab-empty-board');
});

test('the list of games, review move by move, and the language', async () => {
  await page.goto(`${base}games`);
  await page.waitForSelector('.table tbody tr');
  await shoot(page, 'games');
  const finished = await page.$('.table tbody tr:has-text("wins"), .table tbody tr:has-text("draw")');
  assert.ok(finished, 'a finished game is listed');
  await Promise.all([page.waitForURL(/\/play\/\d+$/), finished.$eval('a.btn.primary', (a) => a.click())]);
  await page.waitForSelector('.moves-list .move');
  await page.keyboard.press('ArrowLeft');
  await page.waitForSelector('.review-pos');
  await page.keyboard.press('ArrowLeft');
  const position = await page.textContent('.review-pos');
  assert.match(position, /\d/);
  await shoot(page, 'review');

  await page.click('button[data-lang=vi]');
  await page.waitForFunction(() => document.querySelector('[data-nav=home]').textContent === 'Chơi');
  await page.reload();
  await page.waitForSelector('.moves-list');
  assert.equal(await page.textContent('[data-nav=home]'), 'Chơi', 'the language is remembered');
  await shoot(page, 'review-vi');
  await page.goto(base);
  await page.waitForSelector('.game-card');
  await shoot(page, 'home-vi');
  await page.click('button[data-lang=en]');
  await page.waitForFunction(() => document.querySelector('[data-nav=home]').textContent === 'Play');
});

test('a game in progress survives kill -9 and a restart', async () => {
  const id = await startFromHome('tictactoe', { human: 'both' });
  await clickMove({ from: null, to: 4, name: 'b2' });
  await clickMove({ from: null, to: 0, name: 'a3' });
  await page.waitForFunction(() => document.querySelectorAll('.moves-list .move').length === 2);
  await killHard(server.child);
  server = await startServer(dataDir, port);
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('.moves-list .move').length === 2);
  const state = await gameState(id);
  assert.deepEqual(state.history.map((m) => m.name), ['b2', 'a3']);
  await clickMove({ from: null, to: 8, name: 'c1' });
  await page.waitForFunction(() => document.querySelectorAll('.moves-list .move').length === 3);
  await shoot(page, 'after-restart');
});

test('phone-sized screens get the same board', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await startFromHome('tictactoe', { human: 'both' });
  await shoot(page, 'phone-play');
  await page.goto(`${base}lab`);
  await page.waitForSelector('#lab-position');
  await shoot(page, 'phone-lab');
  await page.setViewportSize({ width: 1360, height: 900 });
});
