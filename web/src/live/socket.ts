// The live game's socket (/ws/live). Phones sleep and lose the network outdoors, so on waking up it asks for a
// fresh view (or reconnects at once): a phone never shows stale counts.
import { ReconnectingSocket } from '../net';
import type { LiveMessage } from '../protocol';

function parseLive(raw: unknown): LiveMessage | null {
  if (typeof raw === 'object' && raw !== null && 'type' in raw && (raw.type === 'live' || raw.type === 'error')) return raw as LiveMessage;
  console.error('unknown live message', raw);
  return null;
}

export class LiveSocket extends ReconnectingSocket<LiveMessage> {
  private onVisible = () => {
    if (document.visibilityState !== 'visible') return;
    if (this.state() === WebSocket.OPEN) this.send({ type: 'sync' });
    else if (this.state() === WebSocket.CLOSED) this.open();
  };

  constructor(token: string, onMessage: (m: LiveMessage) => void, onStatus: (connected: boolean) => void) {
    super('/ws/live', token, onMessage, onStatus, parseLive);
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
