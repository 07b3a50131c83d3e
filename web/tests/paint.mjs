// First paint of the lobby and of a game page, measured in headless Chromium (median of N loads, fresh context
// each time so nothing is cached): `node web/tests/paint.mjs BUILD_DIR [DIST] [N]`. Prints the bundle's bytes
// (raw and gzip) and the medians; used for the figures in docs/server.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { Server, freePort } from './server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const build = path.resolve(process.argv[2] || 'build');
const dist = path.resolve(process.argv[3] || path.join(here, '../dist'));
const runs = Number(process.argv[4] || 15);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'strat-paint-'));
const server = new Server(path.join(build, 'strat'), path.join(tmp, 'paint.db'), dist, await freePort());
await server.start();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });

let raw = 0, gz = 0;
for (const f of fs.readdirSync(path.join(dist, 'assets'))) {
  const b = fs.readFileSync(path.join(dist, 'assets', f));
  raw += b.length;
  gz += zlib.gzipSync(b).length;
}
const made = await (await fetch(server.base + '/api/games', { method: 'POST', body: JSON.stringify({ game: 'dhamet', mode: 'hotseat' }) })).json();
const pages = { lobby: '/', 'dhamet game': `/#/play/${made.tokens[0].token}` };
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`bundle: ${(raw / 1024).toFixed(1)} kB raw, ${(gz / 1024).toFixed(1)} kB gzip`);
for (const [name, url] of Object.entries(pages)) {
  const fp = [];
  for (let i = 0; i < runs; ++i) {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    await page.goto(server.base + url, { waitUntil: 'load' });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    fp.push(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0].startTime));
    await context.close();
  }
  console.log(`${name}: first contentful paint median ${median(fp).toFixed(0)} ms over ${runs} loads`);
}
await browser.close();
await server.stop();
fs.rmSync(tmp, { recursive: true, force: true });
