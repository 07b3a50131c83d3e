// The protocol's JSON Schema (protocol/*.schema.json at the repository root, one file per message family) loaded
// into ajv, and which schema a message must match by the channel it came on. Shared by the ctest ProtocolSchema
// (validate-protocol.mjs, the server tests' messages) and the browser tests (every message a page received).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';

export const protocolDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../protocol');
const BASE = 'https://strat.invalid/protocol/';

// Every schema file under protocol/, by its path relative to it ("views/stratego.schema.json").
export function schemaFiles() {
  const out = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.schema.json')) out.push(path.relative(protocolDir, p).split(path.sep).join('/'));
    }
  };
  walk(protocolDir);
  return out.sort();
}

// HTTP answers by "METHOD PATH" (the game id in a path as *): each may also be an error.
const HTTP = {
  'GET /api/health': 'common.schema.json#/definitions/Health',
  'GET /api/games': 'catalog.schema.json#/definitions/Catalog',
  'POST /api/games': 'lobby.schema.json#/definitions/Created',
  'GET /api/lobby': 'lobby.schema.json#/definitions/Lobby',
  'GET /api/state': 'game-socket.schema.json#/definitions/StateMsg',
  'POST /api/games/*/join': 'lobby.schema.json#/definitions/Joined',
  'GET /api/games/*/replay': 'history.schema.json#/definitions/ReplayFrame',
  'GET /api/games/*/views': 'history.schema.json#/definitions/ViewFrame',
  'GET /api/games/*/analysis': 'history.schema.json#/definitions/Analysis',
  'POST /api/players': 'lobby.schema.json#/definitions/NewPlayer',
  'GET /api/players/me/games': 'lobby.schema.json#/definitions/PlayerGames',
  'POST /api/players/me/games': 'lobby.schema.json#/definitions/Registered',
  'POST /api/live': 'live.schema.json#/definitions/LiveCreated',
  'GET /api/live/state': 'live.schema.json#/definitions/LiveView',
  'POST /api/account/signup': 'account.schema.json#/definitions/AccountName',
  'POST /api/account/login': 'account.schema.json#/definitions/AccountName',
  'POST /api/account/logout': 'account.schema.json#/definitions/AccountDone',
  'POST /api/account/logout-all': 'account.schema.json#/definitions/AccountDone',
  'POST /api/account/password': 'account.schema.json#/definitions/AccountDone',
  'GET /api/account/me': 'account.schema.json#/definitions/AccountMe',
  'GET /api/leaderboard': 'ratings.schema.json#/definitions/Leaderboard',
  'GET /api/users/*': 'ratings.schema.json#/definitions/Profile',
  'GET /api/seeks': 'seeks.schema.json#/definitions/SeekListing',
  'POST /api/seeks': 'seeks.schema.json#/definitions/SeekCreated',
  'DELETE /api/seeks/*': 'seeks.schema.json#/definitions/SeekDone',
  'POST /api/seeks/*/accept': 'lobby.schema.json#/definitions/Joined',
  'POST /api/pools/join': 'seeks.schema.json#/definitions/PoolJoined',
  'POST /api/pools/leave': 'seeks.schema.json#/definitions/SeekDone',
  'GET /api/strength-ratings': 'ratings.schema.json#/definitions/StrengthRatings',
  'GET /api/tournaments': 'tournaments.schema.json#/definitions/TournamentList',
  'POST /api/tournaments': 'tournaments.schema.json#/definitions/TournamentCreated',
  'GET /api/tournaments/*': 'tournaments.schema.json#/definitions/Tournament',
  'POST /api/tournaments/*/join': 'tournaments.schema.json#/definitions/TournamentJoined',
  'POST /api/tournaments/*/computer': 'tournaments.schema.json#/definitions/TournamentJoined',
  'POST /api/tournaments/*/withdraw': 'tournaments.schema.json#/definitions/TournamentWithdrawn',
};
const SOCKETS = {
  game: 'game-socket.schema.json#/definitions/ServerMessage',
  live: 'live.schema.json#/definitions/LiveMessage',
  lobby: 'seeks.schema.json#/definitions/LobbyMessage',
};

// A socket message's own definition by its type, for errors that name the field at fault (the union's oneOf
// would report every branch).
const BY_TYPE = {
  game: { claimed: 'ClaimedMsg', state: 'StateMsg', move: 'MoveMsg', draw: 'DrawMsg', setup_suggestion: 'SetupSuggestionMsg', rematch: 'RematchMsg', error: 'ErrorMsg', pong: 'PongMsg', moved: 'MovedMsg' },
  live: { live: 'LiveViewMsg', error: 'LiveErrorMsg' },
  lobby: { lobby: 'LobbyListingMsg', paired: 'PairedMsg', error: 'LobbyErrorMsg' },
};
const FILE = { game: 'game-socket.schema.json', live: 'live.schema.json', lobby: 'seeks.schema.json' };

function schemaFor(channel, message) {
  const own = BY_TYPE[channel]?.[message?.type];
  if (own) return `${FILE[channel]}#/definitions/${own}`;
  if (SOCKETS[channel]) return SOCKETS[channel];
  const [method, p = ''] = channel.split(' ');
  const parts = p.split('/');
  if (parts[1] === 'api' && parts[2] === 'games' && parts.length === 5) parts[3] = '*';
  if (parts[1] === 'api' && parts[2] === 'users' && parts.length === 4) parts[3] = '*';
  if (parts[1] === 'api' && parts[2] === 'seeks' && parts.length >= 4) parts[3] = '*';
  if (parts[1] === 'api' && parts[2] === 'tournaments' && parts.length >= 4) parts[3] = '*';
  return HTTP[`${method} ${parts.join('/')}`] ?? null;
}

export function protocolChecker() {
  const ajv = new Ajv({ strict: false, allErrors: false });
  for (const f of schemaFiles()) {
    const schema = JSON.parse(fs.readFileSync(path.join(protocolDir, f), 'utf8'));
    ajv.addSchema({ ...schema, $id: BASE + f });
  }
  const compiled = new Map();
  const validator = (ref) => {
    if (!compiled.has(ref)) compiled.set(ref, ajv.getSchema(BASE + ref) ?? ajv.compile({ $ref: BASE + ref }));
    return compiled.get(ref);
  };
  const error = validator('common.schema.json#/definitions/ErrorReply');
  // null when the message matches its channel's schema; otherwise one line saying why.
  return (channel, message) => {
    const ref = schemaFor(channel, message);
    const isHttp = !SOCKETS[channel];
    if (isHttp && error(message)) return null;
    if (!ref) return `no schema for ${channel} (add it to web/tests/protocol.mjs and protocol/)`;
    const v = validator(ref);
    if (v(message)) return null;
    const e = v.errors.slice(0, 3).map((x) => `${x.instancePath || '/'} ${x.message}${x.params ? ' ' + JSON.stringify(x.params) : ''}`);
    return `${channel}${message && message.type ? ` (${message.type})` : ''}: ${e.join('; ')}`;
  };
}
