// End-to-end: a person at a real headless Chromium plays a short game of every available
// game by clicking, uses the log, the hint, undo and redo, the lab and the list of games,
// switches language, and finds a game again after the server was killed and restarted.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, killHard, launchBrowser, tempData, freePort, shoot, getJson, watchConsole, postJson, firstEvents, waitForTurn as waitForTurnIn } from './harness.mjs';

let server;
let context;
let page;
let base;
const dataDir = tempData();
let port;
let consoleErrors;

before(async () => {
  port = await freePort();
  server = await startServer(dataDir, port);
  base = server.url;
  context = await launchBrowser();
  page = await context.newPage();
  consoleErrors = watchConsole(page);
  page.on('dialog', (dialog) => dialog.accept());
});

// No page may log an error or throw: checked after every test.
afterEach(() => {
  assert.deepEqual(consoleErrors.take(), [], 'no console errors and no page errors');
});

after(async () => {
  if (context) await context.close();
  if (server) await killHard(server.child);
});

async function gameState(id) {
  return getJson(`${base}api/games/${id}`);
}

function currentId() {
  const match = page.url().match(/\/play\/([0-9a-f]{24})/);
  assert.ok(match, `on a play page: ${page.url()}`);
  return match[1];
}

/** Waits for a person's turn in game `id`, on the server and on the page. */
async function waitForTurn(id) {
  return waitForTurnIn(base, id, page);
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
  const ladder = level === 'strong' ? '8' : level;
  await page.selectOption('select[name=level]', ladder);
  if (ladder === '8') await page.selectOption('select[name=movetime_ms]', String(movetime));
  await Promise.all([page.waitForURL(/\/play\/[0-9a-f]{24}$/), page.click('button[data-action=start]')]);
  await page.waitForSelector('.board-wrap svg.board');
  return currentId();
}

/** Starts a two-person chess game from a pasted position, by the home page's form. */
async function startChessFrom(position, { chess960 = false } = {}) {
  await page.goto(base);
  await page.click('.game-card[data-game="chess"]');
  if (chess960) await page.check('input[name="option.chess960"]');
  await page.check('.segmented input[name=human][value=both]');
  await page.click('.position-field summary');
  await page.fill('#new-position', position);
  await Promise.all([page.waitForURL(/\/play\/[0-9a-f]{24}$/), page.click('button[data-action=start]')]);
  await page.waitForSelector('.board-wrap svg.board');
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

test('the home page counts a game in progress as players do: 1 move, 2 moves', async () => {
  const counts = {};
  for (const moves of [['b2'], ['b2', 'a1']]) {
    const created = await postJson(`${base}api/games`, { game: 'tictactoe', human: 'both' });
    for (const move of moves) await postJson(`${base}api/games/${created.id}/moves`, { move });
    counts[created.id] = moves.length;
  }
  await page.goto(base);
  for (const [id, n] of Object.entries(counts)) {
    const text = await page.textContent(`.resume-item[href="/play/${id}"] .muted`);
    assert.equal(text, n === 1 ? '1 move' : `${n} moves`);
  }
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
  assert.equal((await page.textContent('#play-notice')).trim(), 'b2 is taken', 'the refusal says why');
});

test('Chess960 from a pasted X-FEN: the option from the form, castling by clicks', async () => {
  // Kings on b1 and h8, rooks on a1 and g1: the king's step to c1 and the long castle share cells.
  const id = await startChessFrom('r6k/8/8/8/8/8/8/RK4R1 w GA - 0 1', { chess960: true });
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
  // The page, not only the server, must have the computer's answer before "undo".
  await page.waitForFunction(() => document.querySelectorAll('.moves-list .move').length === 2);
  await page.waitForSelector('button[data-action=undo]:not([disabled])');
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
  // The bars' widths are set through the CSSOM, which the Content-Security-Policy allows.
  const widths = await page.$$eval('.counts .bar', (bars) => bars.map((bar) => bar.style.width));
  assert.ok(widths.length === 4 && widths.every((width) => width.endsWith('%')), JSON.stringify(widths));
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
  await Promise.all([page.waitForURL(/\/play\/[0-9a-f]{24}$/), finished.$eval('a.btn.primary', (a) => a.click())]);
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
  // The kill cut the page's event stream: the browser says so, and only that.
  const cut = consoleErrors.take();
  assert.ok(cut.every((e) => /ERR_INCOMPLETE_CHUNKED_ENCODING|ERR_CONNECTION_REFUSED|ERR_EMPTY_RESPONSE/.test(e)), cut.join('\n'));
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

// ---- The first minutes of a new user (issue 14) ----

/** Fails when the document is wider than the window. */
async function assertFits(name) {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  assert.ok(scroll <= inner, `${name}: the page is ${scroll} px wide in a ${inner} px window`);
}

/** WCAG contrast of two `rgb(…)` colours. */
function contrast(a, b) {
  const luminance = (text) => {
    const [r, g, bl] = text.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number).map((c) => {
      const v = c / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

test('the search log shows each line at every width, scores read as pawns', async () => {
  await startFromHome('chess', { human: 'both', level: 'strong', movetime: 1000 });
  await page.click('button[data-action=analyze]');
  await page.waitForSelector('.log-done', { timeout: 15000 });
  // The summary under the log speaks of the last row: the same depth and score (a search
  // stopped inside an iteration answers with the line that iteration finished, at its depth).
  const { row, summary } = await page.evaluate(() => {
    const rows = [...document.querySelectorAll('.log-iter')];
    const last = rows[rows.length - 1];
    return {
      row: { depth: last.querySelector('.c-depth').textContent.split('/')[0], score: last.querySelector('.c-score').textContent.replace(/ [≤≥]$/, '') },
      summary: document.querySelector('.log-done .muted').textContent,
    };
  });
  assert.ok(summary.startsWith(`score ${row.score} · depth ${row.depth} · `), `the last row reads ${JSON.stringify(row)}, the summary ${summary}`);
  for (const [width, height] of [[1280, 800], [1600, 900], [1920, 1080], [390, 844], [360, 740]]) {
    await page.setViewportSize({ width, height });
    const head = await page.$eval('.log-head .c-pv', (span) => span.getBoundingClientRect().width);
    assert.ok(head > 40, `the line's header is ${head} px wide at ${width}`);
    const lines = await page.evaluate(() => [...document.querySelectorAll('.log-iter')].map((row) => ({
      width: row.querySelector('.c-pv').getBoundingClientRect().width,
      line: row.querySelector('.c-pv').textContent,
      score: row.querySelector('.c-score').textContent,
      nps: row.querySelector('.c-nps').textContent,
    })));
    assert.ok(lines.length > 0, 'iterations are logged');
    for (const { width: w, line, score, nps } of lines) {
      assert.match(nps, /^\d[\d.,]*[KMB]?$/, `nodes a second in three figures and a capital unit, never 1m: ${nps}`);
      assert.ok(w > 100, `a line is ${w} px wide at ${width}`);
      assert.match(line, /\S/, 'a line is written');
      assert.match(score, /^(—|[+\u2212]?\d+\.\d\d|win in \d+|loss in \d+)( [≤≥])?$/, `a score as players read it: ${score}`);
    }
    // Every figure is read whole, the logged ones and the widest the columns must hold (a
    // probe row: nine-character node counts, "99.9M" a second, "999.9 s", two-digit depths, a
    // mate score), never cut to "…".
    const cut = await page.evaluate(() => {
      const cells = ['c-depth', 'c-score', 'c-nodes', 'c-nps', 'c-time'];
      const clipped = (row) => cells
        .map((name) => row.querySelector(`.${name}`))
        .filter((cell) => getComputedStyle(cell).display !== 'none' && cell.scrollWidth > cell.clientWidth)
        .map((cell) => `${cell.className} "${cell.textContent}"`);
      const rows = [...document.querySelectorAll('.log-iter')];
      const found = rows.flatMap(clipped);
      for (const score of ['\u221212.34 \u2265', 'win in 12']) {
        const probe = rows[rows.length - 1].cloneNode(true);
        const texts = { 'c-depth': '24/40', 'c-score': score, 'c-nodes': '9,999,999', 'c-nps': '99.9M', 'c-time': '999.9 s' };
        for (const [name, text] of Object.entries(texts)) probe.querySelector(`.${name}`).textContent = text;
        rows[0].parentElement.append(probe);
        found.push(...clipped(probe));
        probe.remove();
      }
      return found;
    });
    assert.deepEqual(cut, [], `figures cut at ${width} px`);
    await shoot(page, `log-line-${width}`);
  }
  // Past nine characters a node count goes to three figures, a time past ten seconds to tenths.
  const texts = await page.evaluate(async () => {
    const log = await import('/static/js/log.js');
    return [log.nodesText(9_999_999), log.nodesText(13_710_690), log.timeText(970), log.timeText(123_456), log.timeText(1_234_567)];
  });
  assert.deepEqual(texts, ['9,999,999', '13.7M', '0.97 s', '123.5 s', '1,235 s']);
  // A long line unfolds on a click (the title shows it whole on hover).
  await page.click('.log-iter .c-pv');
  assert.ok(await page.$('.log-iter .c-pv.open'));
  await page.setViewportSize({ width: 1360, height: 900 });
});

test('promotion shows the pieces with their names; chess coordinates are legible', async () => {
  const id = await startChessFrom('4k3/P7/8/8/8/8/8/4K3 w - - 0 1');
  await page.click('svg.board rect.hit[data-cell="8"]');
  await page.waitForSelector('svg.board .mark.selected');
  await page.click('svg.board rect.hit[data-cell="0"]');
  await page.waitForSelector('dialog.promotion[open]');
  const choices = await page.$$eval('dialog.promotion button.promo', (buttons) => buttons.map((button) => ({
    label: button.getAttribute('aria-label'),
    piece: [...button.querySelector('svg .chess-piece').classList].find((name) => name !== 'chess-piece'),
    size: button.querySelector('svg').getBoundingClientRect().width,
  })));
  assert.deepEqual(choices.map((c) => c.piece).sort(), ['chess-b', 'chess-n', 'chess-q', 'chess-r'], 'the pieces are drawn in SVG');
  for (const choice of choices) {
    assert.match(choice.label, /^(Queen|Rook|Bishop|Knight) \(a8=[QRBN]/, choice.label);
    assert.ok(choice.size >= 48, `a piece is ${choice.size} px`);
  }
  await shoot(page, 'promotion');
  await page.click('dialog.promotion button[data-piece=queen]');
  await page.waitForFunction(() => document.querySelectorAll('.moves-list .move').length === 1);
  assert.match((await gameState(id)).history[0].display, /^a8=Q/);
  // Queried and read in one step: a state arriving in between redraws the board, and a
  // detached label has no computed colour.
  const pairs = await page.evaluate(() => [...document.querySelectorAll('svg.board .coord.in')].map((label) => {
    const light = label.classList.contains('on-light');
    const square = document.querySelector(light ? 'svg.board .sq-light' : 'svg.board .sq-dark');
    return [getComputedStyle(label).fill, getComputedStyle(square).fill];
  }));
  assert.equal(pairs.length, 16);
  for (const [text, square] of pairs) assert.ok(/\d/.test(text) && /\d/.test(square), `colours read: ${JSON.stringify(pairs)}`);
  for (const [text, square] of pairs) assert.ok(contrast(text, square) >= 4.5, `${text} on ${square}: ${contrast(text, square).toFixed(2)}:1`);
});

test('a page that joins during a search gets its start first', async () => {
  const id = await startFromHome('chess', { human: 'both', level: 'strong', movetime: 10000 });
  // The answer is awaited and read, so a refusal says why rather than timing out below.
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith(`/api/games/${id}/analyze`)),
    page.click('button[data-action=analyze]'),
  ]);
  assert.equal(answer.status(), 202, `analyze answered ${answer.status()}: ${await answer.text()}`);
  assert.equal((await gameState(id)).thinking?.purpose, 'analysis', 'the server is analysing');
  await page.waitForSelector('.thinking.on', { timeout: 10000 });
  await page.waitForSelector('.log-iter');
  await page.waitForTimeout(2500); // long enough for hundreds of events
  const events = await firstEvents(`${base}api/games/${id}/events`, 3);
  assert.deepEqual(events.map((e) => e.type).slice(0, 2), ['state', 'think_start']);
  assert.equal(events[1].purpose, 'analysis');

  const second = await context.newPage();
  const secondErrors = watchConsole(second);
  await second.goto(`${base}play/${id}`);
  await second.waitForSelector('.log-entries li');
  const classes = await second.$$eval('.log-entries li', (items) => items.map((item) => item.className));
  assert.equal(classes[0], 'log-start', `the first line is the start: ${classes.slice(0, 3)}`);
  assert.equal(classes.filter((c) => c === 'log-root').length, 0, 'the engine\'s root moves are not listed');
  await shoot(second, 'second-tab-joins');
  await second.close();
  assert.deepEqual(secondErrors.take(), []);

  await page.reload();
  await page.waitForSelector('.log-entries li');
  assert.equal(await page.$eval('.log-entries li', (item) => item.className), 'log-start', 'after a reload too');
  await postJson(`${base}api/games/${id}/stop`, {});
  await page.waitForSelector('.log-done');
});

test('a renju forbidden point is marked and a click on it says why', async () => {
  const created = await postJson(`${base}api/games`, { game: 'caro', human: 'both', options: { size: 15, rule: 'renju' } });
  // Black g8, i8, h9, h7 around h8 (a three-three there); White far away.
  for (const move of ['g8', 'a15', 'i8', 'c15', 'h9', 'e15', 'h7', 'g15']) {
    await postJson(`${base}api/games/${created.id}/moves`, { move });
  }
  await page.goto(`${base}play/${created.id}`);
  const h8 = 7 * 15 + 7;
  await page.waitForSelector(`svg.board .refused[data-cell="${h8}"]`);
  assert.ok(await page.$('svg.board .last-stone'), 'the last stone is marked');
  await page.click(`svg.board rect.hit[data-cell="${h8}"]`);
  await page.waitForFunction(() => /three-three is forbidden/.test(document.querySelector('#play-notice').textContent));
  const notice = await page.$eval('#play-notice', (el) => ({ role: el.getAttribute('role'), height: el.getBoundingClientRect().height, text: el.textContent }));
  assert.equal(notice.role, 'status');
  assert.ok(notice.height > 0, 'the reason is visible');
  assert.equal((await gameState(created.id)).history.length, 8, 'nothing was played');
  await shoot(page, 'renju-forbidden');
});

test('tic-tac-toe as O keeps the grid as it is', async () => {
  const id = await startFromHome('tictactoe', { human: 'second' });
  await waitForTurn(id);
  const files = await page.$$eval('svg.board .coord', (labels) => labels.filter((l) => /^[abc]$/.test(l.textContent)).map((l) => [l.textContent, Number(l.getAttribute('x'))]));
  const x = Object.fromEntries(files);
  assert.ok(x.a < x.c, `a is left of c: ${JSON.stringify(files)}`);
  await shoot(page, 'tictactoe-as-o');
});

test('an unknown address gets an HTML page with status 404; the API answers JSON', async () => {
  const response = await page.goto(`${base}no/such/page`);
  assert.equal(response.status(), 404);
  assert.match(response.headers()['content-type'], /^text\/html/);
  assert.equal(await page.textContent('h1'), 'Page not found');
  await shoot(page, 'not-found');
  // The browser reports the 404 of the page itself; nothing else.
  const errors = consoleErrors.take();
  assert.ok(errors.every((e) => /404/.test(e)), errors.join('\n'));
  const api = await fetch(`${base}api/nothing`);
  assert.equal(api.status, 404);
  assert.match(api.headers.get('content-type'), /^application\/json/);
});

test('no page is wider than a phone', async () => {
  const catalog = await getJson(`${base}api/catalog`);
  const big = await postJson(`${base}api/games`, { game: 'caro', human: 'both', options: { size: 25 } });
  await postJson(`${base}api/games/${big.id}/moves`, { move: 'm13' });
  for (const [width, height] of [[360, 740], [390, 844]]) {
    await page.setViewportSize({ width, height });
    await page.goto(base);
    await page.waitForSelector('.game-card');
    await assertFits(`home at ${width}`);
    await shoot(page, `phone-${width}-home`);
    for (const game of catalog.games.filter((g) => g.available)) {
      const id = await startFromHome(game.name, { human: 'first', movetime: 250 });
      await assertFits(`${game.name} at ${width}`);
      const state = await waitForTurn(id);
      await clickMove(state.legal[Math.floor(state.legal.length / 2)]);
      await waitForTurn(id);
      await page.waitForFunction(() => document.querySelectorAll('.moves-list .move').length >= 2);
      await assertFits(`${game.name} in progress at ${width}`);
      await shoot(page, `phone-${width}-${game.name}`);
    }
    await page.goto(`${base}play/${big.id}`);
    await page.waitForSelector('svg.board');
    await assertFits(`caro 25×25 at ${width}`);
    const board = await page.$eval('svg.board', (svg) => svg.getBoundingClientRect().right);
    assert.ok(board <= width, `the 25×25 board fits: its right edge is at ${board}`);
    const played = (await gameState(big.id)).history.length;
    await page.click(`svg.board rect.hit[data-cell="${12 * 25 + (width === 360 ? 11 : 14)}"]`);
    await page.waitForFunction((n) => document.querySelectorAll('.moves-list .move').length === n + 1, played);
    await shoot(page, `phone-${width}-caro-25`);
    await page.goto(`${base}games`);
    await page.waitForSelector('.table tbody tr');
    await assertFits(`games at ${width}`);
    // A card's bare count says what it counts.
    const movesLabel = await page.$eval('.table tbody tr td[data-label]', (td) => getComputedStyle(td, '::before').content);
    assert.equal(movesLabel, '"Moves"', `games at ${width}: the move count is labelled`);
    await shoot(page, `phone-${width}-games`);
    await page.goto(`${base}lab`);
    await page.waitForSelector('#lab-position');
    await assertFits(`lab at ${width}`);
    await shoot(page, `phone-${width}-lab`);
    await page.fill('#lab-position', 'x2/1o1/2x o');
    await page.fill('#lab-depth', '4');
    await page.click('button[data-action=run]');
    await page.waitForSelector('.counts tbody tr');
    await assertFits(`lab counts at ${width}`);
    const labels = await page.$$eval('.counts tbody tr:first-child td', (tds) => tds.map((td) => getComputedStyle(td, '::before').content));
    assert.deepEqual(labels, ['"Positions"', '"Value"', '"Line / best"', '"Time"'], `lab counts at ${width}: each figure says what it is`);
    await page.$eval('.counts', (el) => el.scrollIntoView({ block: 'start' }));
    await shoot(page, `phone-${width}-lab-counts`);
  }
  await page.setViewportSize({ width: 1360, height: 900 });
});
