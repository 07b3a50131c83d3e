// What the live page sends: the commands of docs/games/stratego-live.md on the live socket.
import type { LiveSocket } from './socket';

export class LiveInput {
  constructor(private socket: LiveSocket) {}
  command(c: Record<string, unknown>): void {
    this.socket.command(c);
  }
}
