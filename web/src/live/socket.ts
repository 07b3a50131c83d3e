// The live game's socket (/ws/live). Phones sleep and lose the network outdoors, so on waking up it asks for a
// fresh view (or reconnects at once): a phone never shows stale counts.
import { ReconnectingSocket } from '../net';
import type { LiveMessage, MovedMsg } from '../protocol';

// What the page gets: `moved` never gets here, ReconnectingSocket follows it to the node that plays the game.
type LivePageMessage = Exclude<LiveMessage, MovedMsg>;

function parseLive(raw: unknown): LivePageMessage | null {
  if (typeof raw === 'object' && raw !== null && 'type' in raw && (raw.type === 'live' || raw.type === 'error')) return raw as LivePageMessage;
  console.error('unknown live message', raw);
  return null;
}

export class LiveSocket extends ReconnectingSocket<LivePageMessage> {
  private onVisible = () => {
    if (document.visibilityState !== 'visible') return;
    if (this.state() === WebSocket.OPEN) this.send({ type: 'sync' });
    else if (this.state() === WebSocket.CLOSED) this.open();
  };

  constructor(token: string, onMessage: (m: LivePageMessage) => void, onStatus: (connected: boolean) => void) {
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
