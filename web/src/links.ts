// The links (tokens) this browser holds: tokens are the only credentials, kept here so that its games can be
// resumed; each link also works from any other browser.
import type { TokenGrant } from './protocol';

export interface Held {
  id: string;
  title: string;
  mode: string;
  tokens: TokenGrant[];
  created: number;
}

// A list of games kept in localStorage under `key`, newest first, at most `limit`, one entry per id.
export function storedList<T extends { id: string }>(key: string, limit: number): { all(): T[]; remember(item: T): void } {
  const all = (): T[] => {
    try {
      const list: unknown = JSON.parse(localStorage.getItem(key) || '[]');
      return Array.isArray(list) ? (list as T[]) : [];
    } catch {
      return [];
    }
  };
  return {
    all,
    remember(item) {
      localStorage.setItem(key, JSON.stringify([item, ...all().filter((x) => x.id !== item.id)].slice(0, limit)));
    },
  };
}

const held = storedList<Held>('strat.games', 100);
export const heldGames = held.all;
export const remember = held.remember;

export function heldFor(id: string): Held | undefined {
  return heldGames().find((x) => x.id === id);
}

export function addToken(id: string, title: string, mode: string, grant: TokenGrant): void {
  const h = heldFor(id) ?? { id, title, mode, tokens: [], created: Date.now() };
  if (!h.tokens.some((t) => t.token === grant.token)) h.tokens.push(grant);
  remember(h);
}

export function playLink(token: string): string {
  return `${location.origin}${location.pathname}#/play/${token}`;
}
