import { generic } from './generic';
import { stratego } from './stratego';
import type { BoardModule } from './types';

// Add a game's board here when its engine lands: name -> module.
const boards: Record<string, BoardModule> = { stratego };

export function boardFor(game: string): BoardModule {
  return boards[game] ?? generic;
}
