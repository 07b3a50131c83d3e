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

const KEY = 'strat.games';

export function heldGames(): Held[] {
  try {
    const all: unknown = JSON.parse(localStorage.getItem(KEY) || '[]');
    return Array.isArray(all) ? (all as Held[]) : [];
  } catch {
    return [];
  }
}

export function remember(h: Held): void {
  const all = heldGames().filter((x) => x.id !== h.id);
  all.unshift(h);
  localStorage.setItem(KEY, JSON.stringify(all.slice(0, 100)));
}

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
