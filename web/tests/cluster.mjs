// Browser test of failover (docs/server.md, "Running several servers"): scripts/cluster.sh --fresh starts
// PostgreSQL, three nodes and HAProxy; pages play a friend game (one browser context per seat) and a game against
// the computer through HAProxy; the node holding them is killed with kill -9, and both games go on in the same
// pages: they reconnect by themselves (HAProxy sends them to another node, which answers `moved` until the dead
// node's lease runs out, then takes the games over), every move made before is still on the board, the next
// moves are accepted and the computer answers. Registered by run.mjs, which owns the browser.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

// A loopback port with the next three free too: HAProxy's and the nodes' (PORT+1 ... PORT+3).
async function freePorts(count) {
  const free = (port) => new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
  for (;;) {
    const base = 20000 + Math.floor(Math.random() * 40000);
    let ok = true;
    for (let p = base; ok && p < base + count; p++) ok = await free(p);
    if (ok) return base;
  }
}

async function startCluster(root, build, until) {
  const port = await freePorts(4);
  const proc = spawn(path.join(root, 'scripts/cluster.sh'), ['--fresh', '--port', String(port), '--build', build], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  proc.stdout.on('data', (d) => (log += d));
  proc.stderr.on('data', (d) => (log += d));
  let ended = null; // the exit status, once the script's output is all read
  const exited = new Promise((resolve) => proc.once('close', (code, signal) => resolve((ended = code ?? signal))));
  await until(() => {
    if (ended !== null) throw new Error(`the cluster did not start (exit ${ended}):\n${log}`);
    return log.includes('cluster: http');
  }, 'the cluster to start', 60000);
  return {
    base: `http://127.0.0.1:${port}`,
    run: log.match(/logs in ([^;]+);/)[1],
    log: () => log,
    stop: async () => {
      proc.kill('SIGTERM'); // the script stops its nodes, HAProxy and PostgreSQL, and removes the database
      await exited;
    },
  };
}

export function registerClusterTests({ test, root, build, assert, until, newPage, shot, tokenOf, createStrategoGame, placeSetup, playMove, aggressive }) {
  test('cluster: kill -9 of the node holding a friend game and a computer game; both go on in the same pages', async () => {
    const cluster = await startCluster(root, build, until);
    const pages = [];
    try {
      const { base } = cluster;
      const open = async () => {
        const page = await newPage();
        pages.push(page);
        return page;
      };
      // The friend game: red makes it, blue opens the invite in a browser of its own.
      const red = await open();
      await createStrategoGame(red, 'friend', { side: '0' }, base);
      const invite = await red.locator('.link-row.invite input').inputValue();
      const blue = await open();
      await blue.goto(invite);
      await until(() => tokenOf(blue) && tokenOf(blue) !== new URL(invite).hash.split('/')[2], "blue's own link");
      await placeSetup(red);
      await placeSetup(blue);
      for (let i = 0; i < 2; i++) {
        await playMove(red, aggressive, { base });
        await playMove(blue, aggressive, { base });
      }
      // The computer game: a move of ours and its answer.
      const solo = await open();
      await createStrategoGame(solo, 'computer', { strength: 'beginner' }, base);
      await placeSetup(solo);
      await playMove(solo, aggressive, { base });
      const shown = (page) => page.locator('#moves li').allInnerTexts();
      await until(async () => (await shown(solo)).length >= 2, "the computer's answer");

      // The node that plays a game: the one that answers its state, after a 421 on the node it names (any node
      // may win the race for a dead node's games, not only the one HAProxy sends this client to).
      const playedBy = async (page) => {
        const url = `${base}/api/state?token=${tokenOf(page)}`;
        let r = await fetch(url);
        if (r.status === 421) r = await fetch(`${url}&node=${(await r.json()).node}`);
        return r.status === 200 ? r.headers.get('x-strat-node') : null;
      };
      const holders = new Set();
      for (const page of [red, solo]) holders.add(await playedBy(page));
      assert(holders.size && ![...holders].includes(null), `the holders are named: ${[...holders]}`);
      const before = new Map();
      for (const page of [red, blue, solo]) before.set(page, await shown(page));
      for (const node of holders) process.kill(Number(fs.readFileSync(path.join(cluster.run, `${node}.pid`), 'utf8')), 'SIGKILL');
      const killed = Date.now();
      // Another node plays each game once the dead node's lease has run out. (A request may fail meanwhile:
      // HAProxy closes the client connections whose last request went to the node it marks down.)
      const playedElsewhere = async (page) => {
        const node = await playedBy(page).catch(() => null);
        return node && !holders.has(node);
      };
      for (const page of [red, solo]) await until(() => playedElsewhere(page), 'another node to take the game', 20000);
      const takenOver = Date.now() - killed;

      // Both games go on in the same pages, nothing reloaded: a move each way, and the computer's answer.
      await playMove(red, aggressive, { base });
      await playMove(blue, aggressive, { base });
      await playMove(solo, aggressive, { base });
      for (const page of [red, blue, solo]) {
        const was = before.get(page);
        const now = await until(async () => {
          const moves = await shown(page);
          return moves.length >= was.length + 2 && moves;
        }, page === solo ? "the computer's answer after the kill" : "the other seat's move after the kill");
        assert(JSON.stringify(now.slice(0, was.length)) === JSON.stringify(was), `every move before the kill is still shown: ${was} / ${now}`);
      }
      for (const page of [red, solo]) assert(await playedElsewhere(page), 'the games stay with the node that took them');
      console.log(`       taken over ${(takenOver / 1000).toFixed(1)} s after kill -9 of ${[...holders]}, played on at ${((Date.now() - killed) / 1000).toFixed(1)} s`);
      await shot(red, 'cluster-failover-red');
      await shot(blue, 'cluster-failover-blue');
      await shot(solo, 'cluster-failover-computer');
    } catch (e) {
      for (const [k, page] of pages.entries()) await shot(page, `FAILED-cluster-${k}`).catch(() => {});
      for (const log of fs.readdirSync(cluster.run).filter((f) => f.endsWith('.log'))) fs.copyFileSync(path.join(cluster.run, log), path.join(build, 'screenshots', `FAILED-cluster-${log}`));
      e.message += `\n--- cluster ---\n${cluster.log().slice(-2000)}`;
      throw e;
    } finally {
      for (const page of pages) await page.context().close();
      await cluster.stop();
    }
  });
}
