// The game's WebSocket: reconnects by itself (the server sends a fresh snapshot on every join).
export class GameSocket {
  private ws: WebSocket | null = null;
  private closed = false;
  private retry = 0;
  private queue: string[] = [];

  constructor(
    private token: string,
    private onMessage: (m: any) => void,
    private onStatus: (connected: boolean) => void,
  ) {
    this.open();
  }

  private open(): void {
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${proto}://${location.host}/ws?token=${encodeURIComponent(this.token)}`);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      this.onStatus(true);
      for (const m of this.queue.splice(0)) ws.send(m);
    };
    ws.onmessage = (ev) => {
      try {
        this.onMessage(JSON.parse(String(ev.data)));
      } catch (e) {
        console.error('bad message', e);
      }
    };
    ws.onclose = () => {
      this.onStatus(false);
      if (this.closed) return;
      const wait = Math.min(5000, 300 * 2 ** this.retry++);
      window.setTimeout(() => !this.closed && this.open(), wait);
    };
  }

  // After an invite was exchanged for this browser's own seat token: reconnect with that one from now on.
  setToken(token: string): void {
    this.token = token;
  }

  send(message: Record<string, unknown>): void {
    const text = JSON.stringify(message);
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(text);
    else this.queue.push(text);
  }

  close(): void {
    this.closed = true;
    this.ws?.close();
  }
}
