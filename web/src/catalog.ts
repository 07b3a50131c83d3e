// The server's game catalogue (GET /api/games), asked once per page load: names, sides, agents, and each game's
// facts the rules fix (GameInfo::constants: Stratego's armies, setup letters and lakes; Dhamet's men).
import { api } from './api';
import type { DhametConstants, GameEntry, StrategoConstants } from './protocol';

let catalog: Promise<GameEntry[]> | null = null;
let loaded: GameEntry[] = [];

export function games(): Promise<GameEntry[]> {
  catalog ??= api.games().then((c) => (loaded = c.games)).catch((e: unknown) => {
    catalog = null;
    throw e;
  });
  return catalog;
}

// The entry once loaded (pages ask for games() first); undefined before or for an unknown game.
export function entry(game: string): GameEntry | undefined {
  return loaded.find((g) => g.name === game);
}

function constants(game: string, variant: string): StrategoConstants | DhametConstants | undefined {
  const c = entry(game)?.constants;
  return c?.[variant] ?? c?.[''] ?? (c ? Object.values(c)[0] : undefined);
}

export function strategoConstants(variant: string): StrategoConstants | undefined {
  const c = constants('stratego', variant);
  return c && 'army' in c ? c : undefined;
}

export function dhametConstants(variant: string): DhametConstants | undefined {
  const c = constants('dhamet', variant);
  return c && 'men' in c ? c : undefined;
}
