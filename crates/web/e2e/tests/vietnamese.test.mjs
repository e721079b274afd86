// End-to-end in Vietnamese: a reader who switched to Vietnamese visits the home page, plays
// each game (a result on the banner and in the list), reviews, uses the lab, meets a 404 and
// an API error; on every page every visible text node and every title, aria-label,
// placeholder and alt is checked for English words left over. Xiangqi in Vietnamese
// notation and chess in Vietnamese SAN show up in the moves list, the board's file numbers
// and the typed-move box.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuite, shoot, getJson, waitForTurn as waitForTurnIn } from './harness.mjs';

let page;
let base;

browserSuite((suite) => ({ base, page } = suite), {
  allowed: (error) => /status of (404|422)/.test(error),
  setUp: async () => {
    page.on('dialog', (dialog) => dialog.accept());
    await page.goto(base);
    await page.click('button[data-lang=vi]');
    await page.waitForFunction(() => document.querySelector('[data-nav=home]').textContent === 'Chơi');
  },
});

// Words without Vietnamese letters that are not English: the Vietnamese words the page
// writes in plain ASCII letters (anh, ban, cung, suy, xoay…), names of algorithms,
// notations and programs (ply, minimax, WXF, renju), units and abbreviations (ms; Tr for
// triệu in compact numbers; thg for tháng in dates), the language buttons (EN, English) and the shortcut keys.
const ALLOWED = new Set(`
  anh ba ban bao ca cho con cung di do dung ghi gian hai khi kinh minh nam ngay phong qua
  ra sau suy theo thua trang trong vi vn vua xe xem xin xoay
  cao hay nhau sai vui thanh tay
  ply alpha beta minimax max min fen iccs uci san wxf renju pat
  ms tr thg en english enter esc
`.split(/\s+/).filter(Boolean));

/** Every text a user sees or hears on the page now, with where it is. */
async function shownTexts() {
  return page.evaluate(() => {
    const out = [];
    const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || el.closest('script, style')) continue;
      const tooltip = el.closest('title');
      if (!tooltip && !shown(el)) continue;
      const text = node.textContent.trim();
      if (text) out.push({ where: `${el.tagName.toLowerCase()}.${el.getAttribute('class') || ''}`, text });
    }
    for (const el of document.querySelectorAll('[title], [aria-label], [placeholder], [alt]')) {
      for (const name of ['title', 'aria-label', 'placeholder', 'alt']) {
        const value = el.getAttribute(name);
        if (value) out.push({ where: `${el.tagName.toLowerCase()}@${name}`, text: value });
      }
    }
    for (const option of document.querySelectorAll('option')) out.push({ where: 'option', text: option.textContent });
    // A file input the browser draws shows its button and "no file" text in the browser's
    // language ("Choose File", "No file chosen"), which no text node of the page holds.
    for (const input of document.querySelectorAll('input[type=file]')) {
      const box = input.getBoundingClientRect();
      if (box.width > 2 && box.height > 2 && shown(input)) out.push({ where: 'input[type=file], drawn by the browser', text: 'Choose File No file chosen' });
    }
    out.push({ where: 'document.title', text: document.title });
    return out;
  });
}

/** English words left on the page: ASCII-only words of two letters or more (a token with a
 * digit is a move, a coordinate or a number; eight hex digits are a game's id, which can be
 * all letters, as "afcbfbca" was once) that are not in the allowlist. */
async function englishLeft() {
  const found = [];
  for (const { where, text } of await shownTexts()) {
    for (const token of text.split(/[\s,.;:!?()[\]{}"“”‘’'«»·…—–\-/+=×%#→←↑↓▲▼✂◀▶«»|]+/)) {
      if (token.length < 2 || /\d/.test(token) || !/^[A-Za-z]+$/.test(token)) continue;
      if (/^[0-9a-f]{8}$/.test(token)) continue;
      if (!ALLOWED.has(token.toLowerCase())) found.push(`${token} (${where}: "${text.slice(0, 80)}")`);
    }
  }
  return found;
}

async function assertVietnamese(name) {
  await shoot(page, `vi-${name}`);
  const left = await englishLeft();
  assert.deepEqual(left, [], `English left on ${name}`);
}

/** Vietnamese letters that DejaVu Sans Mono, the usual Linux monospace, lacks (the unicode-range
 * of the app's "ply mono vi" face). */
const MONO_VI = /[\u0102\u0103\u0110\u0111\u0128\u0129\u0168\u0169\u01a0\u01a1\u01af\u01b0\u1ea0-\u1ef9]/gu;

/** In the monospace texts of `selector`, every such letter is drawn by the app's web font, not
 * by a system monospace that lacks it (which draws "thử" as "thư" with a loose hook). */
async function assertMonoVietnamese(selector) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector });
  let checked = 0;
  for (const nodeId of nodeIds) {
    const { outerHTML } = await cdp.send('DOM.getOuterHTML', { nodeId });
    const text = outerHTML.replace(/<[^>]*>/g, '');
    const wanted = (text.match(MONO_VI) || []).length;
    if (!wanted) continue;
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    const ours = fonts.filter((f) => f.isCustomFont).reduce((n, f) => n + f.glyphCount, 0);
    assert.ok(ours >= wanted, `"${text}": ${wanted} Vietnamese letters, ${ours} glyphs from the web font (${JSON.stringify(fonts)})`);
    checked++;
  }
  await cdp.detach();
  assert.ok(checked > 0, `no Vietnamese letters in ${selector}`);
}

async function gameState(id) {
  return getJson(`${base}api/games/${id}`);
}

function currentId() {
  return page.url().match(/\/play\/([0-9a-f]{24})/)[1];
}

/** Waits for a person's turn in game `id`, on the server and on the page. */
async function waitForTurn(id) {
  return waitForTurnIn(base, id, page);
}

async function start(game, human, level = 'classic') {
  await page.goto(base);
  await page.click(`.game-card[data-game="${game}"]`);
  await page.check(`.segmented input[name=human][value=${human}]`);
  await page.selectOption('select[name=level]', level);
  await Promise.all([page.waitForURL(/\/play\/[0-9a-f]{24}$/), page.click('button[data-action=start]')]);
  await page.waitForSelector('.board-wrap svg.board');
  return currentId();
}

async function typeMove(text, count) {
  await page.fill('#move-input', text);
  await page.press('#move-input', 'Enter');
  await page.waitForFunction((n) => document.querySelectorAll('.moves-list .move').length >= n, count);
}

async function moveTexts() {
  return page.$$eval('.moves-list .move', (buttons) => buttons.map((b) => b.textContent));
}

test('the home page in Vietnamese', async () => {
  await page.goto(base);
  await page.waitForSelector('.game-card');
  await assertVietnamese('home');
});

test('tic-tac-toe against the computer to the end, the result in Vietnamese', async () => {
  const id = await start('tictactoe', 'first');
  let state = await waitForTurn(id);
  while (state.status.state !== 'finished') {
    const before = state.history.length;
    await page.click(`svg.board rect.hit[data-cell="${state.legal[0].to}"]`);
    await page.waitForFunction((n) => document.querySelectorAll('.moves-list .move').length > n, before);
    state = await waitForTurn(id);
  }
  await page.waitForSelector('.banner.over');
  const banner = await page.textContent('.banner.over');
  assert.match(banner, /thắng|Hoà/, banner);
  await assertVietnamese('tictactoe-over');
  // The log's column heads ("ĐIỂM") and root moves ("thử b2: +0") are set in monospace.
  await assertMonoVietnamese('.log-head > span, .log-root');

  // On a phone the reason goes under the result rather than into a column beside it a
  // word or two wide ("năm quân liên tiếp" took four lines at 360 px).
  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  await page.waitForSelector('.banner.over .reason');
  const [result, reason] = await page.evaluate(() =>
    ['.banner.over .result', '.banner.over .reason'].map((selector) => {
      const box = document.querySelector(selector).getBoundingClientRect();
      return { top: box.top, bottom: box.bottom, width: box.width };
    }));
  assert.ok(reason.width >= 200 || reason.top >= result.bottom,
    `the reason is ${Math.round(reason.width)} px wide beside the result`);
  await assertToolbarOneLine('tic-tac-toe at 360 px');
  await shoot(page, 'tictactoe-over-vi-360');
  await page.setViewportSize({ width: 1360, height: 900 });
});

/** Every toolbar button's label on one line ("Chấm điểm" broke in two beside its key hint
 *  with four buttons a row). The label is a flex item, one box, so the line boxes of its text
 *  are counted. */
async function assertToolbarOneLine(where) {
  const lines = await page.$$eval('.toolbar .btn:not([hidden])', (buttons) => buttons.map((button) => {
    const range = document.createRange();
    range.selectNodeContents(button.querySelector('span').firstChild);
    return [button.querySelector('span').textContent, range.getClientRects().length];
  }));
  assert.ok(lines.length >= 6, `${where}: the toolbar is there (${lines.length} buttons)`);
  assert.deepEqual(lines.filter(([, count]) => count > 1), [], `${where}: one line each: ${JSON.stringify(lines)}`);
}

test('caro: a couple of stones, the log and the title in Vietnamese', async () => {
  const id = await start('caro', 'first');
  let state = await waitForTurn(id);
  for (let turn = 0; turn < 2; turn++) {
    const before = state.history.length;
    const move = state.legal[Math.floor(state.legal.length / 2)];
    await page.click(`svg.board rect.hit[data-cell="${move.to}"]`);
    await page.waitForFunction((n) => document.querySelectorAll('.moves-list .move').length > n + 1, before);
    state = await waitForTurn(id);
  }
  assert.equal(await page.textContent('.game-title'), 'Cờ ca-rô 10×10, tự do');
  await assertToolbarOneLine('caro at 1360 px');
  await page.waitForSelector('.log-iter, .log-root');
  await assertVietnamese('caro');
  // The English labels fit as well ("Score moves" broke beside its key hint; it is "Score all" now).
  await page.click('button[data-lang=en]');
  await page.waitForFunction(() => document.querySelector('.toolbar .tool-undo span')?.textContent === 'Undo');
  await assertToolbarOneLine('caro in English at 1360 px');
  await page.click('button[data-lang=vi]');
  await page.waitForFunction(() => document.querySelector('[data-nav=home]').textContent === 'Chơi');
});

test('xiangqi in Vietnamese notation: typed, listed, hinted, and the board numbered to match', async () => {
  const id = await start('xiangqi', 'both');
  await page.selectOption('#notation', 'vietnamese');
  await typeMove('P2-5', 1);
  await typeMove('M8.7', 2);
  assert.deepEqual(await moveTexts(), ['P2-5', 'M8.7']);
  const state = await gameState(id);
  assert.deepEqual(state.history.map((m) => m.name), ['h2e2', 'h9g7']);
  // Red's file numbers along Red's edge (9 on the left), Black's along Black's (1 on the left).
  const near = await page.$$eval('svg.board text.edge-near', (texts) => texts.map((x) => x.textContent));
  const far = await page.$$eval('svg.board text.edge-far', (texts) => texts.map((x) => x.textContent));
  assert.deepEqual(near, ['9', '8', '7', '6', '5', '4', '3', '2', '1']);
  assert.deepEqual(far, ['1', '2', '3', '4', '5', '6', '7', '8', '9']);
  const placeholder = await page.getAttribute('#move-input', 'placeholder');
  assert.match(placeholder, /^Gõ nước đi, ví dụ (Tg|[XMTSPB])[1-9tsg]/, placeholder);
  // A refused move says so in Vietnamese, naming the move.
  await page.fill('#move-input', 'X1/1');
  await page.press('#move-input', 'Enter');
  await page.waitForFunction(() => document.querySelector('#play-notice').textContent.includes('X1/1'));
  assert.equal(await page.textContent('#play-notice'), 'Nước X1/1 không hợp lệ ở thế này.');
  await page.click('button[data-action=hint]');
  await page.waitForSelector('.toast.show');
  const hint = await page.textContent('.toast.show');
  assert.match(hint, /^Gợi ý: (Tg|[XMTSPB])([1-9]|[tsg]\d?)[.\-/][1-9]$/, hint);
  await page.waitForSelector('.log-done');
  await assertVietnamese('xiangqi-vietnamese');
  // Chinese notation: the moves again, and Chinese numerals on Red's edge.
  await page.selectOption('#notation', 'chinese');
  assert.deepEqual(await moveTexts(), ['炮二平五', '馬８進７']);
  const chinese = await page.$$eval('svg.board text.edge-near', (texts) => texts.map((x) => x.textContent).join(''));
  assert.equal(chinese, '九八七六五四三二一');
  await page.selectOption('#notation', 'coordinates');
  assert.deepEqual(await moveTexts(), ['h2e2', 'h9g7']);
  await page.selectOption('#notation', 'vietnamese');
});

test('chess in Vietnamese SAN against the computer, resigned: the result in Vietnamese', async () => {
  const id = await start('chess', 'first');
  await page.selectOption('#notation', 'vietnamese');
  await typeMove('Mf3', 1);
  await waitForTurn(id);
  await page.waitForFunction(() => document.querySelectorAll('.moves-list .move').length === 2);
  const moves = await moveTexts();
  assert.equal(moves[0], 'Mf3');
  assert.doesNotMatch(moves[1], /[NBRQK]/, 'the answer has no English piece letter');
  await page.waitForSelector('button[data-action=analyze]:not([disabled])');
  await page.click('button[data-action=analyze]');
  await page.waitForSelector('.moves-table tbody tr');
  const table = await page.$$eval('.moves-table tbody tr td:first-child', (tds) => tds.map((td) => td.textContent));
  assert.ok(table.some((name) => /^M[a-h][1-8]$/.test(name)), table.join(' '));
  assert.ok(table.every((name) => !/[NBRQK]/.test(name)), table.join(' '));
  await assertVietnamese('chess-vietnamese-san');
  await page.click('button[data-action=resign]');
  await page.waitForSelector('.banner.over');
  assert.match(await page.textContent('.banner.over .result'), /^Đen thắng$/);
  assert.equal(await page.textContent('.banner.over .reason'), 'xin thua');
  await assertVietnamese('chess-resigned');
});

test('the list of games and a review, in Vietnamese', async () => {
  await page.goto(`${base}games`);
  await page.waitForSelector('.table tbody tr');
  const text = await page.textContent('.table');
  assert.match(text, /Đen thắng \(xin thua\)/);
  assert.match(text, /Cờ vua/);
  await assertVietnamese('games');
  // The import panel's file picker is drawn by the page, in Vietnamese, and still works.
  assert.equal(await page.textContent('button[data-action=choose-file]'), 'Chọn tệp');
  assert.match(await page.textContent('form.import .file-name'), /^Chưa chọn tệp/);
  await page.setInputFiles('#import-file', { name: 'ván-cờ.psq', mimeType: 'text/plain', buffer: Buffer.from('Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n-1\n') });
  await page.waitForFunction(() => document.querySelector('#import-text').value.includes('8,8,0'));
  assert.equal(await page.textContent('form.import .file-name'), 'ván-cờ.psq');
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('button[data-action=choose-file]')]);
  assert.ok(chooser, 'the page-drawn button opens the file chooser');
  await chooser.setFiles([]);
  await page.fill('#import-text', '');
  const finished = await page.$('.table tbody tr:has-text("xin thua")');
  await Promise.all([page.waitForURL(/\/play\/[0-9a-f]{24}$/), finished.$eval('a.btn.primary', (a) => a.click())]);
  await page.waitForSelector('.moves-list .move');
  await page.keyboard.press('ArrowLeft');
  await page.waitForSelector('.review-pos');
  await assertVietnamese('review');
});

test('the lab in Vietnamese, numbers grouped the Vietnamese way', async () => {
  await page.goto(`${base}lab`);
  await page.waitForSelector('#lab-position');
  await page.fill('#lab-position', '');
  await page.fill('#lab-depth', '9');
  await page.click('button[data-action=run]');
  await page.waitForSelector('.counts tbody tr');
  assert.equal(await page.textContent('.counts tr[data-search=minimax] .count'), '549.946');
  await assertVietnamese('lab');
});

test('a page that does not exist and an API error, in Vietnamese', async () => {
  await page.goto(`${base}nowhere`);
  await page.waitForSelector('h1');
  assert.equal(await page.textContent('h1'), 'Không tìm thấy trang');
  await assertVietnamese('404');
  await page.goto(`${base}play/0123456789abcdef01234567`);
  await page.waitForSelector('.panel.narrow p.error');
  assert.equal(await page.textContent('.panel.narrow p.error'), 'Không có ván 0123456789abcdef01234567.');
  await assertVietnamese('api-error');
});
