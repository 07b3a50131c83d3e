// The one place where raw JSON from a game's socket becomes a typed message (protocol.ts): the page switches on
// `type` and TypeScript narrows the rest. The shapes are the schema's; here only the type is checked, so an
// unknown message is dropped with a console line instead of failing somewhere later.
import type { ServerMessage } from './protocol';

const TYPES: ReadonlySet<string> = new Set<ServerMessage['type']>(['claimed', 'state', 'move', 'draw', 'setup_suggestion', 'rematch', 'error', 'pong']);

export function parseServerMessage(raw: unknown): ServerMessage | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || !('type' in raw) || typeof raw.type !== 'string' || !TYPES.has(raw.type)) {
    console.error('unknown server message', raw);
    return null;
  }
  return raw as ServerMessage;
}
