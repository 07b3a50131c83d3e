// The protocol's types, generated from protocol/*.schema.json (web/scripts/gen-types.mjs), under the names the
// pages use. The schema is the one description of every message (docs/server.md points to it); the server's
// and the browser tests' messages are checked against it.
export type * from './protocol.gen';
import type { GameView, StrategoView, StrategoCardsView, DhametView, StrategicView, Strata7View, StateMsg } from './protocol.gen';

export type Snapshot = StateMsg;

// The view of each game that has a schema of its own, by the game's name.
export interface Views {
  stratego: StrategoView;
  'stratego-cards': StrategoCardsView;
  dhamet: DhametView;
  strategic: StrategicView;
  strata7: Strata7View;
}

// A view as the given game's own type, or null when it is another game's. The one place a view is narrowed by
// its `game` name (the schema ties the name to the shape, and the tests check every view against it).
export function viewOf<K extends keyof Views>(view: GameView | null | undefined, game: K): Views[K] | null {
  return view && view.game === game ? (view as Views[K]) : null;
}
