import { dhamet } from './dhamet';
import { generic } from './generic';
import { strata7 } from './strata7';
import { strategic } from './strategic';
import { stratego } from './stratego';
import { strategoCards } from './stratego-cards';
import type { BoardModule } from './types';

// Add a game's board here when its engine lands: name -> module. Others get the generic board.
const boards: Record<string, BoardModule> = { stratego, strategic, dhamet, strata7, 'stratego-cards': strategoCards };

export function boardFor(game: string): BoardModule {
  return boards[game] ?? generic;
}
