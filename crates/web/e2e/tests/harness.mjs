// The harness of the end-to-end tests: the release `ply serve` on a free port with a temp
// data directory, Debian's Chromium driven by playwright-core, and a screenshot of every
// page visited, saved under $PLY_SCREENSHOTS (default: e2e/screenshots).

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, mkdirSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';

const here = dirname(fileURLToPath(import.meta.url));
export const root = resolve(here, '../../../..');
export const binary = process.env.PLY_BIN || join(root, 'target/release/ply');
export const shots = resolve(process.env.PLY_SCREENSHOTS || join(here, '../screenshots'));
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';

export function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** Starts `ply serve`; resolves when it printed its URL. */
export function startServer(dataDir, port) {
  if (!existsSync(binary)) throw new Error(`${binary} is missing: run cargo build --release first`);
  return new Promise((done, fail) => {
    const child = spawn(binary, ['serve', '--addr', `127.0.0.1:${port}`, '--data', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => fail(new Error(`ply serve did not start: ${out}`)), 15000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = out.match(/http:\/\/[\d.]+:\d+\//);
      if (match) { clearTimeout(timer); done({ child, url: match[0] }); }
    });
    child.stderr.on('data', (chunk) => { process.stderr.write(`[ply] ${chunk}`); });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      // Said always: a server that ends before the test kills it must not end silently.
      process.stderr.write(`[ply] serve (pid ${child.pid}) exited: code ${code}, signal ${signal}\n`);
      if (!out.includes('http')) fail(new Error(`ply serve exited with ${code}`));
    });
  });
}

/** kill -9, and waits for the process to be gone. */
export function killHard(child) {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) { done(); return; }
    child.once('exit', () => done());
    child.kill('SIGKILL');
  });
}

/**
 * The secret in the owner cookie that the test's browser and its own API calls share, so
 * that games the test sets up through the API are the browser's to play (a game belongs
 * to the browser that started it).
 */
export const ownerSecret = randomBytes(16).toString('hex');
const ownerCookie = `ply_owner=${ownerSecret}`;

const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Chromium itself, for files that open contexts of their own (phones, other visitors). */
export async function launchChromium() {
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
}

export async function launchBrowser() {
  const profile = mkdtempSync(join(tmpdir(), 'ply-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    viewport: { width: 1360, height: 900 },
    args: [...chromiumArgs, '--disable-quic'],
  });
  await context.addCookies([{ name: 'ply_owner', value: ownerSecret, domain: '127.0.0.1', path: '/', httpOnly: true, sameSite: 'Strict' }]);
  return context;
}

export function tempData() {
  return mkdtempSync(join(tmpdir(), 'ply-data-'));
}

let shotNumber = 0;
/** Saves a full-page screenshot named after what it shows. */
export async function shoot(page, name) {
  mkdirSync(shots, { recursive: true });
  shotNumber += 1;
  const file = join(shots, `${String(shotNumber).padStart(2, '0')}-${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** The API seen from the test (the page's own state is what the test clicks on). */
export async function getJson(url) {
  const response = await fetch(url, { headers: { Cookie: ownerCookie } });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * Collects what the page's console reports as an error and the page's uncaught errors;
 * `take()` returns them and starts afresh.
 */
export function watchConsole(page) {
  let errors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()} (${page.url()})`);
  });
  page.on('pageerror', (error) => { errors.push(`page error: ${error.message} (${page.url()})`); });
  return { take() { const taken = errors; errors = []; return taken; } };
}

/** Posts JSON to the API (to set up a position quickly; the test then clicks). */
export async function postJson(url, body) {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: ownerCookie }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The first `count` events of a game's stream, as a page that joins now gets them. */
export async function firstEvents(url, count) {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal, headers: { Accept: 'text/event-stream', Cookie: ownerCookie } });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const events = [];
  let text = '';
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    let end;
    while ((end = text.indexOf('\n\n')) >= 0) {
      const block = text.slice(0, end);
      text = text.slice(end + 2);
      const data = block.split('\n').filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trimStart()).join('\n');
      if (data) events.push(JSON.parse(data));
    }
  }
  controller.abort();
  return events.slice(0, count);
}

/**
 * Waits until it is a person's turn in game `id` on the server at `base` (or the game is
 * over) and returns the state. When `page` shows that game, also until the page shows the
 * same moves and takes clicks: it may show the computer's move a moment before the state
 * that ends its thinking (a click then selects nothing), and a state read just after a
 * click may not have the clicked move yet (the page is then ahead: both are read again).
 */
export async function waitForTurn(base, id, page = null) {
  let last = null;
  for (let i = 0; i < 400; i++) {
    const state = await getJson(`${base}api/games/${id}`);
    const turn = state.status.state === 'finished' || (state.human_to_move && !state.thinking);
    if (turn && !(page && page.url().includes(id))) return state;
    if (turn) {
      last = await page.evaluate(() => ({
        moves: document.querySelectorAll('.moves-list .move').length,
        takesClicks: !document.querySelector('#move-input')?.disabled,
      }));
      if (last.moves === state.history.length && (last.takesClicks || state.status.state === 'finished')) return state;
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`the computer never answered, or the page never caught up: the page shows ${JSON.stringify(last)}`);
}

/**
 * The hooks most browser test files share: before the tests, a `ply serve` of the file's
 * own and one Chromium page watched for console errors; after each test, no error but
 * those `allowed` (a filter for the refusals a test asks for on purpose); after all, both
 * stopped. `ready` receives `{ server, base, context, page }` once they are up, then
 * `setUp` may prepare the page (in the same hook: hooks of a file's own may run first).
 */
export function browserSuite(ready, { allowed = () => false, setUp = async () => {} } = {}) {
  let server;
  let context;
  let consoleErrors;
  before(async () => {
    server = await startServer(tempData(), await freePort());
    context = await launchBrowser();
    const page = await context.newPage();
    consoleErrors = watchConsole(page);
    const suite = { server, base: server.url, context, page };
    ready(suite);
    await setUp(suite);
  });
  afterEach(() => {
    const errors = consoleErrors.take().filter((error) => !allowed(error));
    assert.deepEqual(errors, [], 'no console errors and no page errors');
  });
  after(async () => {
    if (context) await context.close();
    if (server) await killHard(server.child);
  });
}
