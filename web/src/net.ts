// A JSON WebSocket that reconnects by itself with backoff and keeps what is sent while it is down. The server
// sends a fresh snapshot on every join, so a reconnection needs nothing else to catch up. In a cluster (docs/server.md,
// "Running several servers") a server that does not hold the game answers `moved` with the one that does: the socket
// connects again at once with `node=NAME`, which the balancer sends there while that server is up (otherwise to
// another, which takes the game over or names its holder again), and keeps it for later reconnections. What was sent
// before a socket's first answer is sent again after a `moved`: the server that answered so never read it (a move
// made while the page reconnected after a server died would otherwise be lost).
import { toNode } from './api';
import { parseServerMessage } from './messages';
import type { ClientMessage, MovedMsg, ServerMessage } from './protocol';

function isMoved(raw: unknown): raw is MovedMsg {
  return typeof raw === 'object' && raw !== null && 'type' in raw && raw.type === 'moved' && 'node' in raw && typeof raw.node === 'string' && raw.node !== '';
}

export class ReconnectingSocket<M, Out extends object = Record<string, unknown>> {
  protected ws: WebSocket | null = null;
  private closed = false;
  private retry = 0;
  private queue: string[] = [];
  private unanswered: string[] | null = null;  // sent on this socket before its server's first answer; null after it
  private node = '';  // the server named by the last `moved`
  private moves = 0;  // `moved` answers since the last message of a joined socket: past the first, with backoff

  constructor(
    private path: string,
    protected token: string,
    private onMessage: (m: M) => void,
    private onStatus: (connected: boolean) => void,
    // Turns the raw JSON into a message (null: dropped): the game socket's is parseServerMessage.
    private parse: (raw: unknown) => M | null,
  ) {
    this.open();
  }

  protected open(): void {
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    const path = `${this.path}?token=${encodeURIComponent(this.token)}`;
    const ws = new WebSocket(`${proto}://${location.host}${this.node ? toNode(path, this.node) : path}`);
    this.ws = ws;
    this.unanswered = [];
    ws.onopen = () => {
      this.retry = 0;
      this.onStatus(true);
      for (const m of this.queue.splice(0)) this.sendOn(ws, m);
    };
    ws.onmessage = (ev) => {
      try {
        const raw: unknown = JSON.parse(String(ev.data));
        if (isMoved(raw)) {
          this.node = raw.node;
          if (this.unanswered) this.queue.unshift(...this.unanswered);
          this.reconnect(ws, this.moves++ === 0 ? 0 : this.backoff());
          return;
        }
        this.moves = 0;
        this.unanswered = null;
        const m = this.parse(raw);
        if (m !== null) this.onMessage(m);
      } catch (e) {
        console.error('bad message', e);
      }
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;  // an older socket, already replaced
      this.reconnect(ws, this.backoff());
    };
  }

  private backoff(): number {
    return Math.min(5000, 300 * 2 ** this.retry++);
  }

  // Replaces `ws` by a new socket after `wait` ms (unless closed meanwhile).
  private reconnect(ws: WebSocket, wait: number): void {
    this.ws = null;
    ws.onclose = null;
    ws.close();
    this.onStatus(false);
    if (this.closed) return;
    window.setTimeout(() => {
      if (!this.closed && this.ws === null) this.open();
    }, wait);
  }

  protected state(): number {
    return this.ws ? this.ws.readyState : WebSocket.CLOSED;
  }

  send(message: Out): void {
    const text = JSON.stringify(message);
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.sendOn(this.ws, text);
    else this.queue.push(text);
  }

  private sendOn(ws: WebSocket, text: string): void {
    ws.send(text);
    this.unanswered?.push(text);
  }

  close(): void {
    this.closed = true;
    this.ws?.close();
  }
}

// A game's socket (/ws): every message typed (messages.ts).
export class GameSocket extends ReconnectingSocket<ServerMessage, ClientMessage> {
  constructor(token: string, onMessage: (m: ServerMessage) => void, onStatus: (connected: boolean) => void) {
    super('/ws', token, onMessage, onStatus, parseServerMessage);
  }

  // After an invite was exchanged for this browser's own seat token: reconnect with that one from now on.
  setToken(token: string): void {
    this.token = token;
  }
}
