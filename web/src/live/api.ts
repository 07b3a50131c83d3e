// The live game's HTTP API and the links this browser holds (a referee who reloads finds the links again).
import { call } from '../api';
import { storedList } from '../links';
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

const held = storedList<HeldLive>('strat.live', 50);
export const heldLive = held.all;
export const rememberLive = held.remember;

export function heldByToken(token: string): HeldLive | undefined {
  return heldLive().find((g) => g.tokens.referee === token);
}
