// Browser test of the front end in a cluster (docs/server.md, "Running several servers"). In front of the test
// server stands a stand-in for a node that does not hold the game: a game's socket without `node=n2` is answered
// `moved` to n2 and closed, a game route without it gets 421 naming n2; with `node=n2` everything passes through to
// the server (as HAProxy sends it to n2). The page must follow both by itself: join a listed game (the 421 retried
// once with node=n2), open its socket (the `moved` followed at once), and reconnect straight to n2 after the
// connection is cut. Then the game moves to n3 (as when n2 dies and n3 takes its games over): a socket to n2 is
// held unanswered until the page sends on it, then answered `moved` to n3, and what the page sent there must reach
// the server through n3. Registered by run.mjs, which owns the browser and the server.
import http from 'node:http';
import net from 'node:net';
import { WebSocketServer } from 'ws';
import { freePort } from './server.mjs';

// The stand-in node: `seen` lists what it did, in order ("ws moved", "ws n2", "POST /api/games/ID/join 421", ...).
// holdFor(node): from then on the game is held by `node`, and a socket to another node is answered only once the page
// sends on it ("ws held: TYPE"), with `moved` to `node`.
async function startStandIn(server) {
  const target = new URL(server.base);
  const seen = [];
  const piped = new Set();
  const wss = new WebSocketServer({ noServer: true });
  let holder = 'n2', hold = false;
  const toHolder = (url) => url.searchParams.get('node') === holder;
  const front = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://stand-in');
    if (url.pathname.startsWith('/api/games/')) {
      seen.push(`${req.method} ${url.pathname} ${toHolder(url) ? holder : '421'}`);
      if (!toHolder(url)) {
        res.writeHead(421, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ error: `this game is held by node ${holder}`, node: holder }));
        return;
      }
    }
    const up = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode, answer.headers);
      answer.pipe(res);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  front.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url, 'http://stand-in');
    if (url.pathname === '/ws') seen.push(`ws ${toHolder(url) ? holder : hold ? 'held' : 'moved'}`);
    if (url.pathname === '/ws' && !toHolder(url)) {
      wss.handleUpgrade(req, socket, head, (ws) => {
        const answer = () => {
          ws.send(JSON.stringify({ type: 'moved', node: holder }));
          ws.close();
        };
        if (!hold) return answer();
        ws.once('message', (data) => {
          seen.push(`ws held: ${JSON.parse(String(data)).type}`);
          answer();
        });
      });
      return;
    }
    const up = net.connect(Number(target.port), target.hostname, () => {
      const lines = [];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      up.write(`${req.method} ${req.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
      up.write(head);
      socket.pipe(up).pipe(socket);
    });
    for (const s of [socket, up]) {
      piped.add(s);
      s.on('error', () => {});
      s.on('close', () => piped.delete(s));
    }
    socket.on('close', () => up.destroy());
    up.on('close', () => socket.destroy());
  });
  const port = await freePort();
  await new Promise((resolve) => front.listen(port, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${port}`,
    seen,
    holdFor: (node) => {
      holder = node;
      hold = true;
    },
    cut: () => [...piped].forEach((s) => s.destroy()),
    close: async () => {
      [...piped].forEach((s) => s.destroy());
      front.closeAllConnections?.();
      await new Promise((resolve) => front.close(resolve));
    },
  };
}

export function registerMovedTests({ test, server, assert, until, newPage, getJson, tokenOf, shot }) {
  test('cluster: a 421 is retried on the named node, a `moved` socket reconnects there at once and keeps it, and what was sent before the `moved` is sent again', async () => {
    const node = await startStandIn(server);
    const page = await newPage();
    try {
      const made = await (await fetch(server.base + '/api/games', { method: 'POST', body: JSON.stringify({ game: 'stratego', mode: 'friend', listed: true }) })).json();
      await page.goto(node.base + '/');
      await page.locator('#open-games li', { hasText: 'Stratego' }).first().locator('.join-btn').click();
      await page.waitForURL(/#\/play\//);
      await page.waitForSelector('.setup .randomize-btn');
      const join = `POST /api/games/${made.id}/join`;
      assert(node.seen.indexOf(`${join} 421`) >= 0 && node.seen.indexOf(`${join} n2`) > node.seen.indexOf(`${join} 421`), `join retried on n2: ${node.seen}`);
      assert(node.seen.filter((s) => s === `${join} n2`).length === 1, `join retried once: ${node.seen}`);
      const first = node.seen.indexOf('ws moved');
      assert(first >= 0 && node.seen.indexOf('ws n2', first) > first, `socket moved to n2: ${node.seen}`);
      const moves = node.seen.filter((s) => s === 'ws moved').length;
      const before = node.seen.filter((s) => s === 'ws n2').length;
      // The connection cut: the page reconnects with node=n2 from the start, and its socket works.
      node.cut();
      await until(() => node.seen.filter((s) => s === 'ws n2').length > before, 'a reconnection to n2');
      assert(node.seen.filter((s) => s === 'ws moved').length === moves, `no second moved: ${node.seen}`);
      await page.click('.randomize-btn');
      await page.waitForFunction(() => document.querySelector('.setup-status')?.textContent === 'Setup complete.');
      // The game goes to n3 and the connection is cut: the page reconnects to n2, which holds its socket unanswered;
      // the setup the page sends there comes back with `moved`, and must be sent again to n3.
      node.holdFor('n3');
      node.cut();
      await until(() => node.seen.includes('ws held'), 'a reconnection to n2, held');
      await page.click('.ready-btn');
      await until(() => node.seen.includes('ws held: setup') && node.seen.indexOf('ws n3') > node.seen.indexOf('ws held: setup'), `the page sent its setup to n2, then reconnected to n3: ${node.seen}`);
      await until(async () => (await getJson(`/api/state?token=${tokenOf(page)}`)).setup?.done?.[1], 'the setup sent to n2 stored through n3');
      await shot(page, 'cluster-moved');
    } finally {
      await page.context().close();
      await node.close();
    }
  });
}
