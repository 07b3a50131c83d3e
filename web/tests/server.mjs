// Starts and stops a `strat serve` for the tests, on a free loopback port with its own database.
import { spawn } from 'node:child_process';
import net from 'node:net';

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export class Server {
  constructor(binary, db, web, port) {
    Object.assign(this, { binary, db, web, port, proc: null, log: '' });
  }
  get base() {
    return `http://127.0.0.1:${this.port}`;
  }
  async start() {
    this.proc = spawn(this.binary, ['serve', '--host', '127.0.0.1', '--port', String(this.port), '--db', this.db, '--web', this.web, '--agent-threads', '2'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const proc = this.proc;
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${this.log}`)), 15000);
      const onData = (d) => {
        this.log += d;
        if (this.log.includes('listening on')) {
          clearTimeout(timer);
          resolve();
        }
      };
      proc.stdout.on('data', onData);
      proc.stderr.on('data', (d) => (this.log += d));
      proc.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`server exited (${code}):\n${this.log}`));
      });
    });
  }
  // kill -9: no chance to flush or close anything.
  async kill9() {
    const proc = this.proc;
    if (!proc || proc.exitCode !== null) return;
    const done = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGKILL');
    await done;
    this.proc = null;
  }
  async stop() {
    const proc = this.proc;
    if (!proc || proc.exitCode !== null) return;
    const done = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    const t = setTimeout(() => proc.kill('SIGKILL'), 3000);
    await done;
    clearTimeout(t);
    this.proc = null;
  }
}
