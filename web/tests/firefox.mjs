// A smoke test of the Coup d'Oeil web UI in Firefox (Debian's firefox-esr), driven by
// puppeteer-core over WebDriver BiDi (playwright cannot drive a stock Firefox). Shorter than the
// Chromium suite in run.mjs: it starts `coupdoeil serve` on a loopback port with games in memory,
// creates a battle against the computer in the lobby, opens it, checks that the SVG map and its
// counters are drawn, clicks one of its own units and checks that the reachable hexes are shown,
// loads a Prussia's Glory battle and checks its counters, panels and phase strip and that a
// cited rule number opens its summary, and that no page script error was reported on the way.
//
//   node firefox.mjs        (from web/tests; `npm ci` first)
//
// Environment: COUPDOEIL_BIN (default ../../target/debug/coupdoeil), FIREFOX (default
// /usr/bin/firefox-esr), SCREENSHOTS (a directory for the screenshots, default ./out).

import puppeteer from 'puppeteer-core';
import { spawn } from 'node:child_process';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const BIN = process.env.COUPDOEIL_BIN || path.resolve(here, '../../target/debug/coupdoeil');
const FIREFOX = process.env.FIREFOX || '/usr/bin/firefox-esr';
const SHOTS = path.resolve(process.env.SCREENSHOTS || path.join(here, 'out'));
const TIMEOUT = 20000;

fs.mkdirSync(SHOTS, { recursive: true });

function startServer() {
  return new Promise((resolve, reject) => {
    const p = spawn(BIN, ['serve', '--addr', '127.0.0.1:0', '--memory', '--agent-delay-ms', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${out}`)), TIMEOUT);
    p.stdout.on('data', (d) => {
      out += d;
      const m = /serving at (http:\/\/[^\s/]+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ proc: p, base: m[1] });
      }
    });
    p.on('exit', (code) => reject(new Error(`the server exited (${code}): ${out}`)));
  });
}

const results = [];
async function test(name, fn) {
  const t = Date.now();
  running = name;
  try {
    await fn();
    results.push([name, true]);
    console.log(`ok   ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  } catch (e) {
    results.push([name, false]);
    console.log(`FAIL ${name}\n${e.stack || e}`);
  }
}

const started = Date.now();
const { proc, base } = await startServer();
// Past this, the run fails naming the test it stood in instead of waiting on a page that stopped
// answering.
let running = 'setup';
setTimeout(() => {
  console.log(`FAIL the smoke test took longer than 600 s; running: ${running}`);
  proc.kill('SIGKILL');
  process.exit(1);
}, 600000).unref();
let browser = null;
const errors = [];
let page = null;

const state = () => page.evaluate(() => window.coupdoeil?.st ?? null);
const hints = () => page.evaluate(() => (window.coupdoeil.hints || []).map((h) => h.notation));

// Polls `fn(arg)` in the page until it is truthy. Not puppeteer's waitForFunction: over BiDi in
// Firefox ESR 140 it evaluates its polling code with eval, which the page's content security
// policy (script-src 'self') refuses; a plain evaluation every 100 ms is allowed.
async function waitFor(fn, arg, what) {
  try {
    const until = Date.now() + TIMEOUT;
    while (!(await page.evaluate(fn, arg))) {
      if (Date.now() > until) throw new Error(`${TIMEOUT} ms passed`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (e) {
    const st = await state().catch(() => null);
    throw new Error(`waiting for ${what}: ${e.message}\nlast state: ${JSON.stringify(st && { turn: st.turn, to_act: st.to_act, legal: (st.legal || []).map((h) => h.notation) })}`);
  }
}

// The centre of a hex in the page's CSS pixels, from the SVG's own transform.
async function clickHex(label) {
  const [x, y] = await page.evaluate((l) => {
    const h = window.coupdoeil.view.hex(l);
    const svg = document.getElementById('map');
    const p = svg.createSVGPoint();
    p.x = h.x;
    p.y = h.y;
    const q = p.matrixTransform(svg.getScreenCTM());
    return [q.x, q.y];
  }, label);
  await page.mouse.click(x, y);
}

try {
  browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: FIREFOX,
    headless: true,
    defaultViewport: { width: 1500, height: 950 },
    extraPrefsFirefox: {
      'app.update.enabled': false,
      'browser.shell.checkDefaultBrowser': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'toolkit.telemetry.enabled': false,
    },
  });
  console.log(`browser: ${await browser.version()}`);
  page = await browser.newPage();
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console error: ${m.text()}`);
  });

  await test('the lobby creates a battle against the computer', async () => {
    await page.goto(base);
    await page.waitForSelector('#scenario option[value="dm-leuthen-historical"]', { timeout: TIMEOUT });
    await page.select('#scenario', 'dm-leuthen-historical');
    await page.waitForSelector('#seat-A', { timeout: TIMEOUT });
    await page.select('#seat-A', 'human');
    await page.select('#seat-B', 'greedy');
    await page.type('#seed', '42');
    await page.click('#create');
    await page.waitForSelector('a[data-play="A"]', { timeout: TIMEOUT });
    const link = await page.$eval('a[data-play="A"]', (a) => a.getAttribute('href'));
    assert.match(link, /\/g\/[0-9a-f]{16}#t=[0-9a-f]{32}$/, 'a private link with a 128-bit token');
    await Promise.all([page.waitForNavigation({ timeout: TIMEOUT }), page.click('a[data-play="A"]')]);
    assert.match(page.url(), /\/g\/[0-9a-f]{16}#t=/);
    await waitFor(() => window.coupdoeil?.st, null, 'the first state');
  });

  await test('the battle page draws the map and its counters', async () => {
    const counts = await page.evaluate(() => ({
      hexes: document.querySelectorAll('#map .layer-grid polygon.hexgrid').length,
      hits: document.querySelectorAll('#map .layer-hit [data-hex]').length,
      counters: document.querySelectorAll('#map .layer-pieces .counter').length,
    }));
    assert.ok(counts.hexes > 100, `hexes drawn (${counts.hexes})`);
    assert.equal(counts.hits, counts.hexes, 'every hex can be clicked');
    assert.ok(counts.counters > 10, `counters drawn (${counts.counters})`);
    // The map has a size on the screen and the counters lie inside it.
    const box = await page.evaluate(() => {
      const r = document.getElementById('map').getBoundingClientRect();
      const c = document.querySelector('#map .layer-pieces .counter').getBoundingClientRect();
      return { w: r.width, h: r.height, inside: c.width > 5 && c.left >= r.left && c.right <= r.right && c.top >= r.top && c.bottom <= r.bottom };
    });
    assert.ok(box.w > 400 && box.h > 300, `the map has a size (${box.w}x${box.h})`);
    assert.ok(box.inside, 'a counter is drawn inside the map');
  });

  await test('clicking a unit shows the hexes it can reach', async () => {
    await waitFor(() => window.coupdoeil?.st?.your_turn === true, null, 'my decision');
    // The Prussian Movement card window: no card now.
    if ((await hints()).includes('pass')) {
      const v = (await state()).state;
      await page.click('#prompt [data-action="pass"]');
      await waitFor((x) => (window.coupdoeil?.st?.state ?? 0) > x, v, 'the state after passing');
    }
    await waitFor(() => window.coupdoeil.st.your_turn && window.coupdoeil.hints.some((h) => h.notation === 'select bevern'), null, 'the Movement Phase');
    // The click lands on Bevern's hex, as a person's would.
    const under = await page.evaluate(() => {
      const h = window.coupdoeil.view.hex('0911');
      const svg = document.getElementById('map');
      const p = svg.createSVGPoint();
      p.x = h.x;
      p.y = h.y;
      const q = p.matrixTransform(svg.getScreenCTM());
      return document.elementFromPoint(q.x, q.y)?.getAttribute('data-hex');
    });
    assert.equal(under, '0911', 'the hex under the computed point');
    await clickHex('0911');
    await waitFor(() => window.coupdoeil.reach?.unit === 'bevern', null, 'the reachable hexes');
    const reach = await page.evaluate(() => window.coupdoeil.reach);
    assert.ok(reach.hexes.some((h) => h.hex === '1010' && h.cost_half === 2), 'Bevern reaches 1010 for one MP');
    await waitFor(() => document.querySelectorAll('#map .layer-highlights polygon.hl').length > 3, null, 'reachable hexes on the map');
    const shown = await page.evaluate(() => ({
      marks: document.querySelectorAll('#map .layer-highlights polygon.hl').length,
      costs: document.querySelectorAll('#map .layer-highlights .hltext').length,
    }));
    assert.ok(shown.marks >= reach.hexes.length - 1, `every reachable hex is marked (${shown.marks} of ${reach.hexes.length})`);
    assert.ok(shown.costs > 3, 'costs are shown on the map');
    await page.mouse.move(1495, 945); // no hover box
    await page.screenshot({ path: path.join(SHOTS, 'firefox-movement.png') });
  });

  await test('a Prussia\'s Glory battle loads with its counters and panels', async () => {
    const r = await fetch(`${base}/api/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scenario: 'pg-rossbach-battle', players: { A: 'human', B: 'greedy' }, seed: 3 }) });
    const g = await r.json();
    assert.ok(r.ok, JSON.stringify(g));
    await page.goto(`${base}/g/${g.id}#t=${g.sides[0].token}`);
    await waitFor(() => window.coupdoeil?.st?.your_turn === true, null, 'the Prussian decision');
    const counts = await page.evaluate(() => ({
      rules: window.coupdoeil.board.rules,
      counters: document.querySelectorAll('#map .layer-pieces .counter').length,
      leaders: document.querySelectorAll('#map .layer-pieces .leader').length,
      armies: document.getElementById('armies')?.textContent || '',
    }));
    assert.equal(counts.rules, 'pg');
    assert.ok(counts.counters > 20, `unit counters drawn (${counts.counters})`);
    assert.ok(counts.leaders > 5, `leaders drawn (${counts.leaders})`);
    assert.match(counts.armies, /Army Morale/);
    // The phase strip, and a cited rule number opening its summary.
    await waitFor(() => !!document.querySelector('#phases .ph.on a.rule-ref'), null, 'the phase strip');
    await page.click('#phases .ph.on a.rule-ref');
    await waitFor(() => document.getElementById('rulebox')?.style.display === '' && document.getElementById('ruletext')?.textContent.length > 20, null, 'the rule\'s summary');
    await page.keyboard.press('Escape');
    await page.mouse.move(1495, 945);
    await page.screenshot({ path: path.join(SHOTS, 'pg-firefox.png') });
  });

  // Glory and Empire: Vimeiro when it is built in, else the first built-in scenario of the
  // system; without any the check says so and is not counted.
  const list = await (await fetch(`${base}/api/scenarios`)).json();
  const ge = (list.find((x) => x.id === 'ge-vimeiro') || list.find((x) => x.rules === 'ge'))?.id;
  if (!ge) console.log('SKIP a Glory and Empire battle: no built-in Glory and Empire scenario');
  else {
    await test('a Glory and Empire battle loads with its counters, formations and panels', async () => {
      const r = await fetch(`${base}/api/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scenario: ge, players: { A: 'human', B: 'random' }, seed: 5 }) });
      const g = await r.json();
      assert.ok(r.ok, JSON.stringify(g));
      await page.goto(`${base}/g/${g.id}#t=${g.sides[0].token}`);
      await waitFor(() => window.coupdoeil?.st?.your_turn === true, null, 'the British decision');
      const counts = await page.evaluate(() => ({
        rules: window.coupdoeil.board.rules,
        counters: document.querySelectorAll('#map .layer-pieces .counter').length,
        formations: new Set([...document.querySelectorAll('#map .layer-pieces .counter')].map((c) => c.getAttribute('data-formation'))).size,
        leaders: document.querySelectorAll('#map .layer-pieces .leader').length,
        contours: document.querySelectorAll('#map .ge-contour').length,
        score: document.getElementById('ge-score')?.textContent || '',
      }));
      assert.equal(counts.rules, 'ge');
      assert.ok(counts.counters >= 10, `unit counters drawn (${counts.counters})`);
      assert.ok(counts.formations >= 2, `formations drawn (${counts.formations})`);
      assert.ok(counts.leaders >= 4, `leaders drawn (${counts.leaders})`);
      assert.ok(counts.contours > 0, 'contours drawn');
      assert.match(counts.score, /Victory Points/);
      await page.mouse.move(1495, 945);
      await page.screenshot({ path: path.join(SHOTS, 'ge-firefox.png') });
    });
  }

  await test('no page script error', async () => {
    assert.deepEqual(errors, []);
  });
} catch (e) {
  results.push(['setup', false]);
  console.log(`FAIL setup\n${e.stack || e}`);
} finally {
  if (browser) await browser.close().catch(() => {});
  proc.kill();
}

const failed = results.filter((r) => !r[1]).length;
console.log(`\nin ${((Date.now() - started) / 1000).toFixed(1)} s; screenshot in ${SHOTS}`);
console.log(`firefox: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
