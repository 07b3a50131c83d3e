// What the game page sends: every request on the game's socket (protocol: ClientMessage), in one place.
import type { GameSocket } from '../../net';
import type { ClientMessage } from '../../protocol';

export class GameInput {
  private pendingRandom: ((setup: string) => void) | null = null;

  constructor(private socket: GameSocket) {}

  send(m: ClientMessage): void {
    this.socket.send(m);
  }
  move(move: string, ply: number): void {
    this.send({ type: 'move', move, ply });
  }
  resign(): void {
    if (confirm('Resign this game?')) this.send({ type: 'resign' });
  }
  draw(action: 'offer' | 'accept' | 'decline'): void {
    this.send({ type: 'draw', action });
  }
  setup(seat: number, setup: string): void {
    this.send({ type: 'setup', seat, setup });
  }
  // A setup drawn by the server for `seat`: resolved by the setup_suggestion that answers it.
  randomSetup(seat: number): Promise<string> {
    return new Promise<string>((resolve) => {
      this.pendingRandom = resolve;
      this.send({ type: 'random_setup', seat });
    });
  }
  suggested(setup: string): void {
    this.pendingRandom?.(setup);
    this.pendingRandom = null;
  }
  resync(): void {
    this.send({ type: 'state' });
  }
}
