// End-to-end: the lab's course. A student walks every lesson in English and in Vietnamese,
// at a desktop width (1280 px) and a phone width (360 px): each lesson has its own URL,
// its text, and an experiment that runs ply's own searches; the figures come back into the
// text (no key or placeholder left), the tables have rows, and the tree lessons draw their
// trees with the root in view, α and β on the nodes, and no label over another. The free
// lab's tree opens on its root too. A screenshot of every lesson at every size.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuite, shoot, getJson } from './harness.mjs';

let page;
let base;

const SIZES = [['desktop', 1280, 900], ['phone', 360, 740]];

browserSuite((suite) => ({ base, page } = suite), { allowed: (error) => /status of 404 .*\/lab\/nonsense/.test(error) });

async function setLanguage(lang) {
  await page.goto(base);
  await page.click(`button[data-lang=${lang}]`);
  await page.waitForFunction((want) => document.documentElement.lang === want, lang);
}

/** The tree's root is inside the visible part of its canvas. */
async function rootInView(panel) {
  return page.$eval(`${panel} .tree-canvas`, (canvas) => {
    const root = canvas.querySelector('[data-node="0"] path');
    if (!root) return false;
    const box = canvas.getBoundingClientRect();
    const node = root.getBoundingClientRect();
    return node.left >= box.left - 1 && node.right <= box.right + 1 && node.top >= box.top - 1 && node.bottom <= box.bottom + 1;
  });
}

/** Pairs of tree labels (moves, values, windows) whose boxes overlap. */
async function overlappingLabels(panel) {
  return page.$eval(`${panel} svg.tree`, (svg) => {
    const boxes = [...svg.querySelectorAll('.edge-label, .node-value, .node-window')]
      .map((el) => ({ text: el.textContent, box: el.getBBox() }))
      .filter(({ box }) => box.width > 0);
    const hits = [];
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i].box;
        const b = boxes[j].box;
        if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height) {
          hits.push(`${boxes[i].text} / ${boxes[j].text}`);
        }
      }
    }
    return hits;
  });
}

for (const lang of ['en', 'vi']) {
  for (const [size, width, height] of SIZES) {
    test(`every lesson in ${lang} at ${size} size`, async () => {
      await page.setViewportSize({ width, height });
      await setLanguage(lang);
      const { lessons } = await getJson(`${base}api/lab/lessons`);
      assert.equal(lessons.length, 9);
      for (const [index, name] of lessons.entries()) {
        await page.goto(`${base}lab/${name}`);
        await page.waitForSelector(`section.lesson[data-lesson=${name}] h1`);
        const title = await page.textContent('.lesson-text h1');
        assert.ok(title && !title.startsWith('lesson.'), `${name}: a title (${title})`);
        // The menu links every lesson and marks this one.
        assert.equal(await page.getAttribute(`.course a[data-lesson=${name}]`, 'aria-current'), 'page');
        assert.equal(await page.$$eval('.course a', (links) => links.length), lessons.length + 1);
        await page.click('button[data-action=run-lesson]');
        await page.waitForSelector('.experiment', { timeout: 60000 });
        const findings = await page.$$eval('.experiment .finding', (els) => els.map((el) => el.textContent));
        assert.ok(findings.length >= 1, `${name}: findings`);
        for (const finding of findings) {
          assert.doesNotMatch(finding, /\{\w+\}|lesson\./, `${name}: every figure filled in: ${finding}`);
          assert.match(finding, /\d/, `${name}: counts shown: ${finding}`);
        }
        const text = await page.textContent('.lesson');
        assert.doesNotMatch(text, /lesson\.(word|col|table|source)\./, `${name}: every word translated`);
        assert.doesNotMatch(text, /\{\w+\}/, `${name}: no placeholder left anywhere`);
        if (name === 'minimax' || name === 'alphabeta') {
          const panel = name === 'minimax' ? '[data-tree=minimax]' : '[data-tree=alphabeta]';
          await page.waitForSelector(`${panel} svg.tree`);
          await page.$eval(`${panel} .tree-canvas`, (el) => el.scrollIntoView({ block: 'center' }));
          await page.waitForFunction((p) => document.querySelector(`${p} svg.tree`), panel);
          assert.ok(await rootInView(panel), `${name}: the root is in view`);
          assert.deepEqual(await overlappingLabels(panel), [], `${name}: no label over another`);
          if (name === 'alphabeta') {
            const windows = await page.$$eval(`${panel} .node-window`, (els) => els.map((el) => el.textContent));
            assert.ok(windows.length > 1 && windows.every((w) => /α/.test(w) && /β/.test(w)), `α and β on the nodes: ${windows.slice(0, 3)}`);
            // Step from the start: the root's window is open, then α rises as replies return.
            await page.click(`${panel} button[data-step=first]`);
            assert.equal(await page.textContent(`${panel} .node-window[data-window="0"]`), 'α −∞  β +∞');
            for (let i = 0; i < 12; i++) await page.click(`${panel} button[data-step=next]`);
            assert.ok(await rootInView(panel) || await page.$(`${panel} .tree-node.current`), 'the current node is drawn');
            await page.click(`${panel} button[data-step=last]`);
          } else {
            assert.equal(await page.$$eval(`${panel} .node-window`, (els) => els.length), 0, 'minimax has no window');
          }
        } else {
          const rows = await page.$$eval('.lesson-table tbody tr', (els) => els.length);
          assert.ok(rows >= 2, `${name}: the tables have rows (${rows})`);
          // Every column keeps its name on screen, phones included (cards without heads
          // showed bare numbers at 360 px).
          const heads = await page.$$eval('.lesson-table', (tables) => tables.map((table) => {
            const shown = [...table.querySelectorAll('thead th')].filter((th) => th.getBoundingClientRect().height > 0 && th.textContent.trim());
            return { shown: shown.length, columns: table.querySelector('tbody tr').children.length };
          }));
          for (const { shown, columns } of heads) assert.equal(shown, columns, `${name}: every column has its head on screen`);
        }
        // The pager leads on.
        if (index + 1 < lessons.length) assert.equal(await page.getAttribute('.lesson-next', 'href'), `/lab/${lessons[index + 1]}`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.ok(overflow <= 1, `${name}: nothing wider than the screen (${overflow}px)`);
        await shoot(page, `lesson-${lang}-${size}-${index + 1}-${name}`);
      }
    });
  }
}

test('a lesson link opens straight on its lesson, and the free lab tree opens on its root', async () => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await setLanguage('en');
  await page.goto(`${base}lab/alphabeta?run=1`);
  await page.waitForSelector('[data-tree=alphabeta] svg.tree');
  assert.equal(await page.textContent('.lesson-text h1'), 'Alpha-beta');
  await page.goto(`${base}lab`);
  await page.waitForSelector('#lab-position');
  await page.fill('#lab-position', 'x2/1o1/2x o');
  await page.fill('#lab-depth', '6');
  await page.click('button[data-action=run]');
  await page.waitForSelector('[data-tree=alphabeta] svg.tree');
  for (const panel of ['[data-tree=minimax]', '[data-tree=alphabeta]']) {
    assert.ok(await rootInView(panel), `${panel}: the root is in view`);
    assert.deepEqual(await overlappingLabels(panel), [], `${panel}: no label over another`);
  }
  await shoot(page, 'lab-tree-centred');
  const unknown = await page.goto(`${base}lab/nonsense`);
  assert.equal(unknown.status(), 404);
});
