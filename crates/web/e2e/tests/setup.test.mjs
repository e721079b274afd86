// End-to-end: set-up and standard files. A person pastes a FEN on the home page (an
// impossible one first: its error is worded in English and Vietnamese), builds positions
// in the board editor by clicking and dragging pieces (chess and xiangqi; impossible ones
// are named, and the side to move fixes one), starts an analysis from the editor,
// downloads the game as PGN and imports it again on the Games page — at 1280×800 and
// 360×740, with screenshots and no page wider than the screen.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { browserSuite, shoot, getJson, postJson } from './harness.mjs';

let page;
let base;

browserSuite((suite) => ({ base, page } = suite));

function currentId() {
  const match = page.url().match(/\/play\/([0-9a-f]{24})/);
  assert.ok(match, `on a play page: ${page.url()}`);
  return match[1];
}

async function fitsTheScreen(width) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= width, `the page is ${wide} px wide at ${width} px`);
}

async function setLang(lang) {
  await page.click(`button[data-lang=${lang}]`);
  await page.waitForFunction((want) => document.documentElement.lang === want, lang);
}

async function placeOn(piece, cell) {
  await page.click(`.setup-palette [data-piece="${piece}"]`);
  await page.click(`.setup-board rect.hit[data-cell="${cell}"]`);
}

async function messageContains(words) {
  await page.waitForFunction((want) => (document.querySelector('.setup-message')?.textContent || '').includes(want), words);
  return page.textContent('.setup-message');
}

for (const [width, height] of [[1280, 800], [360, 740]]) {
  test(`a FEN pasted on the home page, impossible then legal, at ${width}×${height}`, async () => {
    await page.setViewportSize({ width, height });
    await page.goto(base);
    await setLang('en');
    await page.click('.game-card[data-game="chess"]');
    await page.check('.segmented input[name=human][value=both]');
    await page.click('.position-field summary');
    await page.fill('#new-position', '4k3/4R3/8/8/8/8/8/4K3 w - - 0 1');
    await page.click('button[data-action=start]');
    await page.waitForFunction(() => (document.querySelector('form.setup .error')?.textContent || '').includes('in check'));
    assert.match(await page.textContent('form.setup .error'), /Black is in check, but it is the other side’s turn/);
    await shoot(page, `setup-paste-error-${width}`);
    await setLang('vi');
    await page.click('.game-card[data-game="chess"]');
    await page.check('.segmented input[name=human][value=both]');
    await page.click('.position-field summary');
    await page.fill('#new-position', '4k3/4R3/8/8/8/8/8/4K3 w - - 0 1');
    await page.click('button[data-action=start]');
    await page.waitForFunction(() => (document.querySelector('form.setup .error')?.textContent || '').includes('đang bị chiếu'));
    await shoot(page, `setup-paste-error-vi-${width}`);
    await setLang('en');
    await page.click('.game-card[data-game="chess"]');
    await page.check('.segmented input[name=human][value=both]');
    await page.click('.position-field summary');
    await page.fill('#new-position', '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1');
    await Promise.all([page.waitForURL(/\/play\/[0-9a-f]{24}$/), page.click('button[data-action=start]')]);
    const state = await getJson(`${base}api/games/${currentId()}`);
    assert.equal(state.start_position, '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1');
    await fitsTheScreen(width);
  });

  test(`the board editor builds, refuses and starts positions, at ${width}×${height}`, async () => {
    await page.setViewportSize({ width, height });
    await page.goto(`${base}setup?game=chess`);
    await page.waitForSelector('.setup-board svg.board');
    await messageContains('legal position'); // the usual start, loaded
    assert.equal(await page.inputValue('#setup-position'), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    await page.click('button[data-action=setup-clear]');
    await messageContains('0 kings');
    await placeOn('K', 60); // e1
    await placeOn('k', 4); // e8
    await placeOn('R', 12); // e7: Black is in check with White to move
    await messageContains('Black is in check');
    await shoot(page, `setup-editor-error-${width}`);
    await page.check('.setup-controls input[name=setup-side][value=second]');
    await messageContains('legal position: Black to move');
    // A white pawn to e2: dragged from the palette with a mouse, placed by taps on a phone
    // (the palette sits below the board there); then a piece dragged across the board.
    if (width >= 1000) await page.dragAndDrop('.setup-palette [data-piece="P"]', '.setup-board rect.hit[data-cell="52"]');
    else await placeOn('P', 52);
    await page.waitForFunction(() => document.querySelector('#setup-position').value.startsWith('4k3/4R3/8/8/8/8/4P3/4K3 b'));
    const from = await page.locator('.setup-board rect.hit[data-cell="12"]').boundingBox();
    const to = await page.locator('.setup-board rect.hit[data-cell="8"]').boundingBox();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 4 });
    await page.mouse.up();
    await page.waitForFunction(() => document.querySelector('#setup-position').value.startsWith('4k3/R7/8/8/8/8/4P3/4K3 b'));
    // A pawn on the last rank is named.
    await placeOn('p', 56); // a1
    await messageContains('cannot stand on a1');
    await placeOn('erase', 56);
    await messageContains('legal position');
    await fitsTheScreen(width);
    await shoot(page, `setup-editor-chess-${width}`);
    await page.check('.setup-controls input[name=setup-computer][value=none]');
    await Promise.all([page.waitForURL(/\/play\/[0-9a-f]{24}$/), page.click('button[data-action=setup-start]')]);
    const state = await getJson(`${base}api/games/${currentId()}`);
    assert.equal(state.start_position, '4k3/R7/8/8/8/8/4P3/4K3 b - - 0 1');
    assert.equal(state.players.first, 'human');
    assert.equal(state.players.second, 'human');

    // Xiangqi: generals face to face are refused; a piece between them makes it legal.
    await page.goto(`${base}setup?game=xiangqi`);
    await messageContains('legal position');
    await page.click('button[data-action=setup-clear]');
    await placeOn('K', 85); // e0
    await placeOn('k', 4); // e9
    await messageContains('face each other');
    await placeOn('P', 40); // e5: a soldier between them
    await messageContains('legal position');
    await shoot(page, `setup-editor-xiangqi-${width}`);
    await fitsTheScreen(width);
  });

  test(`a game exported as PGN imports again, at ${width}×${height}`, async () => {
    await page.setViewportSize({ width, height });
    const created = await postJson(`${base}api/games`, { game: 'chess', human: 'both' });
    for (const move of ['e4', 'c5', 'Nf3', 'd6']) {
      await postJson(`${base}api/games/${created.id}/moves`, { move });
    }
    await page.goto(`${base}play/${created.id}`);
    await page.waitForSelector('.board-wrap svg.board');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-action=export]')]);
    assert.equal(download.suggestedFilename(), `ply-chess-${created.id}.pgn`);
    const pgn = await readFile(await download.path(), 'utf8');
    assert.match(pgn, /\[White "human"\]/);
    assert.match(pgn, /1\. e4 c5 2\. Nf3 d6 \*/);
    await page.goto(`${base}games`);
    await page.waitForSelector('#import-text');
    await page.fill('#import-text', '[Event "broken"]\n\n1. e4 e5\n2. Ke3 *');
    await page.click('button[data-action=import]');
    await page.waitForFunction(() => (document.querySelector('form.import .error')?.textContent || '').startsWith('Line 4'));
    assert.equal((await page.textContent('form.import .error')).match(/line 4/gi).length, 1, 'the line is named once');
    await shoot(page, `import-error-${width}`);
    await page.setInputFiles('#import-file', { name: 'game.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from(pgn) });
    await page.waitForFunction(() => document.querySelector('#import-text').value.includes('Nf3'));
    await fitsTheScreen(width);
    await Promise.all([page.waitForURL(/\/play\/[0-9a-f]{24}$/), page.click('button[data-action=import]')]);
    const id = currentId();
    assert.notEqual(id, created.id);
    const state = await getJson(`${base}api/games/${id}`);
    assert.deepEqual(state.history.map((mv) => mv.name), ['e2e4', 'c7c5', 'g1f3', 'd7d6']);
    await page.waitForSelector('.board-wrap svg.board');
    await shoot(page, `import-done-${width}`);
  });
}
