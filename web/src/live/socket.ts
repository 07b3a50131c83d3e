// The live game's WebSocket: reconnects by itself with backoff, and asks for a fresh view when the phone
// wakes up (the server also sends one on every join), so a sleeping or lost phone never shows stale counts.
export class LiveSocket {
  private ws: WebSocket | null = null;
  private closed = false;
  private retry = 0;
  private queue: string[] = [];
  private onVisible = () => {
    if (document.visibilityState !== 'visible') return;
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.send({ type: 'sync' });
    else if (!this.ws || this.ws.readyState === WebSocket.CLOSED) this.open();
  };

  constructor(
    private token: string,
    private onMessage: (m: any) => void,
    private onStatus: (connected: boolean) => void,
  ) {
    document.addEventListener('visibilitychange', this.onVisible);
    this.open();
  }

  private open(): void {
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${proto}://${location.host}/ws/live?token=${encodeURIComponent(this.token)}`);
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
      if (this.ws !== ws) return;
      this.onStatus(false);
      if (this.closed) return;
      const wait = Math.min(5000, 300 * 2 ** this.retry++);
      window.setTimeout(() => !this.closed && this.ws === ws && this.open(), wait);
    };
  }

  send(message: Record<string, unknown>): void {
    const text = JSON.stringify(message);
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(text);
    else this.queue.push(text);
  }

  command(command: Record<string, unknown>): void {
    this.send({ type: 'command', command });
  }

  close(): void {
    this.closed = true;
    document.removeEventListener('visibilitychange', this.onVisible);
    this.ws?.close();
  }
}
