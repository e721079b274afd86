// End-to-end: a game's analysis. For each game (tic-tac-toe, caro, xiangqi, chess) a short
// finished game is imported, analysed from its page, and its evaluation graph and verdicts
// seen, in English at 1280 px and in Vietnamese at 360 px; the better move is drawn as an
// arrow in review; a move tried in review is answered by the engine and "return to the
// game" leaves the game as it was; the evaluation bar beside the board can be hidden.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuite, shoot, getJson, postJson } from './harness.mjs';

let page;
let base;

browserSuite((suite) => ({ base, page } = suite));

// Short finished games, each with a known blunder where `blunder` says (the move's number).
const GAMES = {
  // O misses the block on a3 (2... c3??); X completes the diagonal.
  tictactoe: { text: '[Game "tictactoe"]\n[Position "3/3/3 x"]\nb2 a1 c1 c3 a3\n', moves: 5, blunder: 4 },
  // X lines up five on the fifth row while O plays on the edge.
  caro: { text: '[Game "caro"]\n[Position "10/10/10/10/10/10/10/10/10/10 x"]\ne5 a1 f5 a2 g5 a3 h5 a4 i5\n', moves: 9, blunder: null },
  // Red's cannon takes the central soldier and is taken by the horse (3. E2-E6); Red resigns.
  xiangqi: { text: '[Game "Chinese Chess"]\n[Format "ICCS"]\n[Result "0-1"]\n\n1. H2-E2 H9-G7 2. H0-G2 I9-H9 3. E2-E6 G7-E6 4. B0-C2 0-1\n', moves: 7, blunder: null },
  // Black takes the a2 pawn with the queen and loses it to the rook (3... Qxa2??); Black resigns.
  chess: { text: '[Event "e2e"]\n[Result "1-0"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qxa2 4. Rxa2 1-0\n', moves: 7, blunder: 6 },
};

async function importGame(game) {
  const imported = await postJson(`${base}api/games/import`, { text: GAMES[game].text });
  assert.equal(imported.game, game);
  assert.equal(imported.moves, GAMES[game].moves);
  return imported.id;
}

async function setLanguage(lang) {
  await page.goto(base);
  await page.click(`button[data-lang=${lang}]`);
}

async function assertFits(what) {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  assert.ok(scroll <= inner, `${what}: the page is ${scroll} px wide in a ${inner} px window`);
}

/** Opens the game, analyses it from its page and waits for the whole graph. */
async function analyse(game, id) {
  await page.goto(`${base}play/${id}`);
  await page.waitForSelector('.analysis-panel button[data-action=analyse-game]:not([hidden])');
  await page.click('.analysis-panel button[data-action=analyse-game]');
  await page.waitForFunction((positions) => {
    const graph = document.querySelector('.eval-graph-svg .graph-line');
    const progress = document.querySelector('.analysis-progress');
    return graph && progress && progress.hidden && graph.getAttribute('points').trim().split(/\s+/).length === positions;
  }, GAMES[game].moves + 1, { timeout: 120000 });
  const analysis = await getJson(`${base}api/games/${id}/analysis`);
  assert.equal(analysis.state, 'done');
  assert.equal(analysis.positions.length, GAMES[game].moves + 1);
  return analysis;
}

async function checkVerdicts(game, analysis) {
  const graded = analysis.moves.filter((m) => m.verdict);
  // Every verdict the server gave is marked in the move list and on the graph.
  for (const m of graded) {
    const mark = await page.textContent(`.moves-list .move.verdict-${m.verdict}[data-ply="${m.ply}"] .verdict-mark`);
    assert.equal(mark, { inaccuracy: '?!', mistake: '?', blunder: '??' }[m.verdict]);
    assert.ok(await page.$(`.eval-graph-svg .graph-mark.verdict-${m.verdict}[data-ply="${m.ply}"]`), `move ${m.ply} on the graph`);
  }
  const blunder = GAMES[game].blunder;
  if (blunder === null) return;
  assert.ok(graded.some((m) => m.ply === blunder && m.verdict === 'blunder'), `${game}: move ${blunder} is a blunder`);
  // In review at the position before it, the better move is the arrow and the detail says so.
  await page.click(`.moves-list .move[data-ply="${blunder - 1}"]`);
  await page.waitForSelector('.analysis-detail .analysis-move.verdict-blunder');
  const better = analysis.moves[blunder - 1].better;
  assert.ok(await page.$(`svg.board [data-to="${better.to}"]`), 'the better move is drawn on the board');
  assert.ok((await page.textContent('.analysis-detail .analysis-better')).includes(better.display));
}

for (const game of Object.keys(GAMES)) {
  test(`${game}: analysed, its graph and verdicts seen, at 1280 px`, async () => {
    await page.setViewportSize({ width: 1280, height: 860 });
    await setLanguage('en');
    const id = await importGame(game);
    const analysis = await analyse(game, id);
    assert.match(await page.textContent('.analysis-status'), /Analysed: \d+ positions/);
    await shoot(page, `analysis-${game}-1280`);
    await checkVerdicts(game, analysis);
    await shoot(page, `analysis-${game}-review-1280`);
    await assertFits(`${game} at 1280 px`);
  });

  test(`${game}: analysed in Vietnamese at 360 px`, async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await setLanguage('vi');
    const id = await importGame(game);
    const analysis = await analyse(game, id);
    assert.match(await page.textContent('.analysis-status'), /Đã phân tích: \d+ thế cờ/);
    assert.match(await page.textContent('.analysis-summary'), /nước hớ/);
    await checkVerdicts(game, analysis);
    await shoot(page, `analysis-${game}-vi-360`);
    await assertFits(`${game} at 360 px`);
    // The bar beside the board fits beside it on a phone, and its value is still written
    // in letters a phone can read.
    const bar = await page.$eval('.evalbar', (el) => el.getBoundingClientRect().width);
    assert.ok(bar > 0 && bar <= 16, `the bar is ${bar} px wide`);
    const label = await page.$eval('.evalbar-label', (el) => ({ shown: el.getClientRects().length > 0, size: parseFloat(getComputedStyle(el).fontSize) }));
    assert.ok(label.shown && label.size >= 10, `the bar's value: ${JSON.stringify(label)}`);
    await setLanguage('en');
  });
}

test('a move tried in review is answered, and the game stays as it was', async () => {
  await page.setViewportSize({ width: 1280, height: 860 });
  const id = await importGame('tictactoe');
  await page.goto(`${base}play/${id}`);
  await page.waitForSelector('.moves-list .move[data-ply="3"]');
  // After 2. c1, O blocks on a3 (cell 0) instead of playing c3.
  await page.click('.moves-list .move[data-ply="3"]');
  await page.waitForSelector('.branch-info.on');
  assert.match(await page.textContent('.branch-info'), /Try a move on the board/);
  // The typed-move box offers an example from the position shown, not the finished game's
  // (which has none: it read "Type a move, e.g. ").
  const example = await page.getAttribute('#move-input', 'placeholder');
  assert.match(example, /^Type a move, e\.g\. [a-c][1-3]$/);
  await page.click('svg.board rect.hit[data-cell="0"]');
  await page.waitForSelector('.branch-info button[data-action=back-to-game]');
  const text = await page.textContent('.branch-info');
  assert.match(text, /Your line: a3/);
  assert.match(text, /The engine answers [a-c][1-3]/);
  assert.ok(await page.$('svg.board .arrow-ring'), "the engine's answer is marked on the board");
  assert.ok(await page.$('svg.board .piece[data-cell="0"]'), 'the tried stone is on the board');
  await shoot(page, 'analysis-branch-1280');
  // The engine's answer can be answered in turn.
  const answered = await page.$eval('svg.board .arrow-ring', (ring) => Number(ring.dataset.to));
  const free = await page.$$eval('svg.board rect.hit', (hits) => hits.map((hit) => Number(hit.dataset.cell)));
  assert.ok(free.includes(answered));
  await page.click('.branch-info button[data-action=back-to-game]');
  await page.waitForFunction(() => !document.querySelector('.branch-info button[data-action=back-to-game]'));
  assert.equal(await page.$('svg.board .piece[data-cell="0"]'), null, 'back on the game: a3 is empty again');
  const state = await getJson(`${base}api/games/${id}`);
  assert.deepEqual(state.history.map((m) => m.name), ['b2', 'a1', 'c1', 'c3', 'a3'], 'the stored game is unchanged');
});

test('the evaluation bar follows the hint and can be hidden', async () => {
  await page.setViewportSize({ width: 1280, height: 860 });
  const created = await postJson(`${base}api/games`, { game: 'chess', human: 'both' });
  await page.goto(`${base}play/${created.id}`);
  await page.waitForSelector('.evalbar');
  assert.equal(await page.isVisible('.evalbar'), true);
  await page.click('button[data-action=hint]');
  await page.waitForFunction(() => (document.querySelector('.evalbar').getAttribute('title') || '').includes(':'), null, { timeout: 20000 });
  await shoot(page, 'analysis-evalbar-1280');
  await page.click('button[data-action=settings]');
  await page.uncheck('input[name=setting-evalbar]');
  await page.click('button[data-action=close-settings]');
  assert.equal(await page.isVisible('.evalbar'), false, 'hidden from the settings');
  await page.reload();
  await page.waitForSelector('.board-wrap svg.board');
  assert.equal(await page.isVisible('.evalbar'), false, 'and stays hidden');
  await page.click('button[data-action=settings]');
  await page.check('input[name=setting-evalbar]');
  await page.click('button[data-action=close-settings]');
  assert.equal(await page.isVisible('.evalbar'), true);
});
