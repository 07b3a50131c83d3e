// The board of each game: name -> module, each typed by its game's view; others get the generic board. A board
// given a view of another shape (never, while the schema holds) falls back to the generic one.
import type { GameView } from '../protocol';
import { viewOf, type Views } from '../protocol';
import { dhamet } from './dhamet';
import { generic } from './generic';
import { strata7 } from './strata7';
import { strategic } from './strategic';
import { stratego } from './stratego';
import { strategoCards } from './stratego-cards';
import type { Board, BoardModule } from './types';

function typed<K extends keyof Views>(game: K, b: BoardModule<Views[K]>): Board {
  const as = (view: GameView) => viewOf(view, game);
  return {
    colors: b.colors,
    describe: b.describe,
    short: b.short,
    setupEditor: b.setupEditor,
    render(el, ctx) {
      const view = as(ctx.view);
      if (view) b.render(el, { ...ctx, view });
      else generic.render(el, ctx);
    },
    captured: b.captured && ((view, variant) => {
      const v = as(view);
      return v && b.captured ? b.captured(v, variant) : null;
    }),
    score: b.score && ((view) => {
      const v = as(view);
      return v && b.score ? b.score(v) : null;
    }),
  };
}

// Add a game's board here when its engine lands (and its view's schema in protocol/views/).
const boards: Record<string, Board> = {
  stratego: typed('stratego', stratego),
  'stratego-cards': typed('stratego-cards', strategoCards),
  dhamet: typed('dhamet', dhamet),
  strategic: typed('strategic', strategic),
  strata7: typed('strata7', strata7),
};

export function boardFor(game: string): Board {
  return boards[game] ?? generic;
}
