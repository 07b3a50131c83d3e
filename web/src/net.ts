// A JSON WebSocket that reconnects by itself with backoff and keeps what is sent while it is down. The server
// sends a fresh snapshot on every join, so a reconnection needs nothing else to catch up.
import { parseServerMessage } from './messages';
import type { ClientMessage, ServerMessage } from './protocol';

export class ReconnectingSocket<M, Out extends object = Record<string, unknown>> {
  protected ws: WebSocket | null = null;
  private closed = false;
  private retry = 0;
  private queue: string[] = [];

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
    const ws = new WebSocket(`${proto}://${location.host}${this.path}?token=${encodeURIComponent(this.token)}`);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      this.onStatus(true);
      for (const m of this.queue.splice(0)) ws.send(m);
    };
    ws.onmessage = (ev) => {
      try {
        const m = this.parse(JSON.parse(String(ev.data)));
        if (m !== null) this.onMessage(m);
      } catch (e) {
        console.error('bad message', e);
      }
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;  // an older socket, already replaced
      this.onStatus(false);
      if (this.closed) return;
      const wait = Math.min(5000, 300 * 2 ** this.retry++);
      window.setTimeout(() => !this.closed && this.ws === ws && this.open(), wait);
    };
  }

  protected state(): number {
    return this.ws ? this.ws.readyState : WebSocket.CLOSED;
  }

  send(message: Out): void {
    const text = JSON.stringify(message);
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(text);
    else this.queue.push(text);
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
