// The live game's HTTP API and the links this browser holds (a referee who reloads finds the links again).
import { call } from '../api';
import type { LiveCreated } from '../protocol';

export interface HeldLive extends LiveCreated {
  names: [string, string];
  created: number;
}

export function createLive(form: Record<string, unknown>): Promise<LiveCreated> {
  return call<LiveCreated>('POST', '/api/live', form);
}

export function liveLink(token: string): string {
  return `${location.origin}${location.pathname}#/live/${token}`;
}

export function cardSheetUrl(cards: number, colour: 'red' | 'blue'): string {
  return `/api/live/cards?cards=${cards}&colour=${colour}&format=html`;
}

const KEY = 'strat.live';

export function heldLive(): HeldLive[] {
  try {
    return JSON.parse(localStorage.getItem(KEY) || '[]');
  } catch {
    return [];
  }
}

export function rememberLive(g: HeldLive): void {
  const all = heldLive().filter((x) => x.id !== g.id);
  all.unshift(g);
  localStorage.setItem(KEY, JSON.stringify(all.slice(0, 50)));
}

export function heldByToken(token: string): HeldLive | undefined {
  return heldLive().find((g) => g.tokens.referee === token);
}
