// Ratings as the pages show them (docs/server.md, "Rated games"): the profile's ratings with their history
// series, a rating in words, a signed change, and the links to profiles and leaderboards. No drawing here: the
// pages (pages/profile.ts, pages/leaderboard.ts) draw what these give.
import type { ProfileRating, Profile, RatedGameEntry, TimeClass } from './protocol';

export const TIME_CLASSES: readonly TimeClass[] = ['bullet', 'blitz', 'rapid', 'classical'];

// Every rating starts here (Glicko-2's start, the server's glicko2.hpp).
export const START_RATING = 1500;

export const profileLink = (username: string) => `#/@/${encodeURIComponent(username)}`;

// The leaderboard's place in the address: game and class, each left out when it is "every".
export function leaderboardLink(game = '', timeClass = ''): string {
  return `#/leaderboard${game ? `/${encodeURIComponent(game)}${timeClass ? `/${timeClass}` : ''}` : ''}`;
}

// A clock's time class, as the server reckons it (time_class.hpp): one side's time for a 40-move game; "" without
// a clock.
export function timeClassOf(initialMs: number, incrementMs: number): TimeClass | '' {
  if (initialMs <= 0) return '';
  const minutes = (initialMs + 40 * incrementMs) / 60000;
  return minutes < 3 ? 'bullet' : minutes < 8 ? 'blitz' : minutes < 25 ? 'rapid' : 'classical';
}

export const isTimeClass = (s: string): s is TimeClass => (TIME_CLASSES as readonly string[]).includes(s);

export const classWord = (c: string) => (c ? c[0].toUpperCase() + c.slice(1) : 'Every time class');

// "1642", or "1500?" while the rating is provisional (deviation over 110, the server's rule).
export const ratingText = (r: Pick<ProfileRating, 'rating' | 'provisional'>) => `${Math.round(r.rating)}${r.provisional ? '?' : ''}`;

// "+12", "-8", "0": a change always says its direction.
export const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);

const keyOf = (x: { game: string; variant: string; class: string }) => `${x.game}\u0000${x.variant}\u0000${x.class}`;

export interface RatingSeries {
  rating: ProfileRating;
  // Oldest first, the rating after each game; with the start rating first when the history holds every game
  // of this rating (the server keeps the last 500 points of all ratings together, so an old one may be cut).
  points: number[];
  fromStart: boolean;
}

export function ratingSeries(p: Profile): RatingSeries[] {
  return p.ratings.map((rating) => {
    const after = p.history.filter((h) => keyOf(h) === keyOf(rating)).map((h) => h.rating);
    const fromStart = after.length === rating.games;
    return { rating, points: fromStart ? [START_RATING, ...after] : after, fromStart };
  });
}

// The games of the profile's recent list, for its filter: every game named there, in order of appearance.
export function gamesPlayed(games: readonly RatedGameEntry[]): string[] {
  return [...new Set(games.map((g) => g.game))];
}
