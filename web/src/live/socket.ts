// The live game's socket (/ws/live). Phones sleep and lose the network outdoors, so on waking up it asks for a
// fresh view (or reconnects at once): a phone never shows stale counts.
import { ReconnectingSocket } from '../net';

export class LiveSocket extends ReconnectingSocket {
  private onVisible = () => {
    if (document.visibilityState !== 'visible') return;
    if (this.state() === WebSocket.OPEN) this.send({ type: 'sync' });
    else if (this.state() === WebSocket.CLOSED) this.open();
  };

  constructor(token: string, onMessage: (m: any) => void, onStatus: (connected: boolean) => void) {
    super('/ws/live', token, onMessage, onStatus);
    document.addEventListener('visibilitychange', this.onVisible);
  }

  command(command: Record<string, unknown>): void {
    this.send({ type: 'command', command });
  }

  close(): void {
    document.removeEventListener('visibilitychange', this.onVisible);
    super.close();
  }
}
