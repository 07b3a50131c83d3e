// The lobby: start a game, your games (kept on the server for this browser's player), open games to join,
// recent games.
import { api } from '../api';
import { games as catalogue } from '../catalog';
import { h, toast } from '../dom';
import { addToken, remember } from '../links';
import type { GameEntry, LobbyEntry } from '../protocol';
import { LEVELS, LEVEL_NAMES, agentFor, levelLabel, levelOf, type Level } from '../strength';
import { gameName, variantName, howDrawn, howWon, modeWords, progress, sideName } from '../words';
import { yourGames } from './your-games';
import { leaderboardLink, timeClassOf } from '../ratings';
import { seeksCard } from './seeks';

const LAST_GAME = 'strat.lobby.game'; // the game last started from this browser: the form's default
const CLOCKS: Record<string, [number, number]> = { none: [0, 0], '5+3': [300000, 3000], '15+10': [900000, 10000], '30+0': [1800000, 0] };

function ago(ms: number): string {
  const s = Math.max(0, Math.round((Date.now() - ms) / 1000));
  if (s < 60) return `${s}s ago`;
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86400) return `${Math.round(s / 3600)} h ago`;
  return new Date(ms).toLocaleDateString();
}

function newGameForm(games: GameEntry[]): HTMLElement {
  const remembered = localStorage.getItem(LAST_GAME);
  const initial = games.some((g) => g.name === remembered) ? remembered : games.some((g) => g.name === 'stratego') ? 'stratego' : games[0].name;
  const gameSel = h('select', { name: 'game', id: 'new-game' }, ...games.map((g) => h('option', { value: g.name, selected: g.name === initial }, g.title || g.name)));
  const variantSel = h('select', { name: 'variant', id: 'new-variant' });
  const strengthSel = h('select', { name: 'strength', id: 'new-strength' }, ...LEVELS.map((k) => h('option', { value: k, selected: k === 'club' }, LEVEL_NAMES[k])));
  const sideSel = h('select', { name: 'side', id: 'new-side' });
  const clockSel = h('select', { name: 'clock', id: 'new-clock' }, ...Object.keys(CLOCKS).map((k) => h('option', { value: k }, k === 'none' ? 'no clock' : `${k} (min+s)`)));
  const listed = h('input', { type: 'checkbox', id: 'new-listed' });
  const modes = ['computer', 'friend', 'hotseat'] as const;
  const modeLabels = { computer: 'vs computer', friend: 'vs a friend (link)', hotseat: 'hotseat (one screen)' };
  let mode: (typeof modes)[number] = 'computer';
  const computerOpts = h('div', { class: 'row' }, h('label', {}, 'Computer strength ', strengthSel));
  const sideRow = h('div', { class: 'row' }, h('label', {}, 'You play ', sideSel));
  const friendOpts = h('div', { class: 'row', hidden: true }, h('label', {}, listed, ' list it in the lobby so anyone can join'));
  const modeRow = h('div', { class: 'row modes' });
  for (const m of modes) {
    const radio = h('input', { type: 'radio', name: 'mode', value: m, id: `mode-${m}`, checked: m === mode });
    radio.addEventListener('change', () => {
      mode = m;
      computerOpts.hidden = m !== 'computer';
      sideRow.hidden = m === 'hotseat';
      friendOpts.hidden = m !== 'friend';
    });
    modeRow.append(h('label', { class: 'mode' }, radio, ' ' + modeLabels[m]));
  }
  const refresh = () => {
    const g = games.find((x) => x.name === gameSel.value);
    variantSel.replaceChildren(...(g?.variants ?? []).map((v, k) => h('option', { value: v }, variantName(g!.name, v))));
    variantSel.parentElement!.hidden = !g || g.variants.length < 2;
    // The game's own names of its sides: "White (moves first)", "Bordeaux".
    const [first, second] = (g?.players ?? ['first player', 'second player']).map(sideName);
    const keep = sideSel.value;
    sideSel.replaceChildren(h('option', { value: '0' }, `${first} (moves first)`), h('option', { value: '1' }, second), h('option', { value: 'random' }, 'Random'));
    if (keep) sideSel.value = keep;
  };
  // Each strength with its rating for this game, variant and clock ("Strong · ~1720"); a game without a clock,
  // which no strength's rating counts, shows the names alone.
  let asked = 0;
  const rateStrengths = async () => {
    const ask = ++asked;
    const g = games.find((x) => x.name === gameSel.value);
    const cls = timeClassOf(...CLOCKS[clockSel.value]);
    const rated = g && cls ? await api.strengthRatings(g.name, g.variants.length > 1 ? variantSel.value : '', cls).then((r) => r.strengths, () => []) : [];
    if (ask !== asked) return;
    for (const option of strengthSel.options) {
      const level = option.value as Level;
      const own = levelOf(agentFor(g?.agents ?? [], level));
      option.textContent = levelLabel(level, rated.find((r) => r.strength === own));
    }
  };
  gameSel.addEventListener('change', () => {
    localStorage.setItem(LAST_GAME, gameSel.value);
    refresh();
    void rateStrengths();
  });
  variantSel.addEventListener('change', () => void rateStrengths());
  clockSel.addEventListener('change', () => void rateStrengths());
  const form = h(
    'form',
    { class: 'card new-game', id: 'new-game-form' },
    h('h2', {}, 'New game'),
    h('div', { class: 'row' }, h('label', {}, 'Game ', gameSel), h('label', {}, 'Variant ', variantSel), h('label', {}, 'Clock ', clockSel)),
    modeRow,
    computerOpts,
    sideRow,
    friendOpts,
    h('button', { type: 'submit', class: 'primary', id: 'create-btn' }, 'Start'),
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const g = games.find((x) => x.name === gameSel.value)!;
    const spec = g.variants.length > 1 && variantSel.value ? `${g.name}:${variantSel.value}` : g.name;
    const [initial, increment] = CLOCKS[clockSel.value];
    const seat = sideSel.value === 'random' ? Math.round(Math.random()) : Number(sideSel.value);
    const agent = agentFor(g.agents, strengthSel.value as Level);
    localStorage.setItem(LAST_GAME, g.name);
    try {
      const made = await api.create({ game: spec, mode, seat, agent: mode === 'computer' ? agent : undefined, clock_initial_ms: initial, clock_increment_ms: increment, listed: mode === 'friend' && listed.checked });
      const title = gameName(g.name, variantSel.value, g.title);
      remember({ id: made.id, title, mode, tokens: made.tokens, created: Date.now() });
      const mine = made.tokens.find((t) => t.role.startsWith('seat') || t.role === 'hotseat') ?? made.tokens[0];
      location.hash = `#/play/${mine.token}`;
    } catch (err) {
      toast(err instanceof Error ? err.message : String(err), 'error');
    }
  });
  refresh();
  void rateStrengths();
  return form;
}

// "Red won by resignation", "in play, move 12".
function state(e: LobbyEntry, players: string[]): string {
  const r = e.result;
  if (e.phase !== 'over' || !r) return progress(e);
  return r.status === 'draw' ? `draw ${howDrawn(r.reason)}` : `${sideName(players[r.winner] ?? '')} won ${howWon(r.reason)}`;
}

function entryRow(e: LobbyEntry, games: GameEntry[], action: HTMLElement | null): HTMLElement {
  const players = games.find((g) => g.name === e.game)?.players ?? ['', ''];
  return h('li', { class: 'entry' }, h('span', { class: 'title' }, gameName(e.game, e.variant, e.title)), h('span', { class: 'muted' }, ` ${modeWords(e.mode)} · ${state(e, players)} · ${ago(e.updated_ms)}`), action ?? '');
}

export function lobbyPage(app: HTMLElement): () => void {
  const mine = h('div', { class: 'card', id: 'your-games-card' }, h('h2', {}, 'Your games'));
  const open = h('div', { class: 'card', id: 'open-games' }, h('h2', {}, 'Open games'));
  const recent = h('div', { class: 'card', id: 'recent-games' }, h('h2', {}, 'Recent games'));
  const formSlot = h('div');
  const links = h('p', { class: 'lobby-links' }, h('a', { href: leaderboardLink(), id: 'lobby-leaderboard' }, 'Leaderboards'), ' · ', h('a', { href: '#/tournaments', id: 'lobby-tournaments' }, 'Tournaments'));
  const seeks = seeksCard(catalogue().catch(() => []));
  app.replaceChildren(h('div', { class: 'lobby' }, seeks.el, formSlot, mine, open, recent, links));

  // Your games: kept on the server for this browser's player identity (your-games.ts).
  const loadMine = yourGames(mine);
  void catalogue().catch(() => []).then(loadMine);

  let stop = false;
  const load = async () => {
    try {
      const [games, lobby] = await Promise.all([catalogue(), api.lobby()]);
      if (stop) return;
      if (!formSlot.firstChild) formSlot.append(games.length ? newGameForm(games) : h('p', { class: 'card' }, 'No games are registered in this server.'));
      const openList = h('ul', { class: 'entries' });
      for (const e of lobby.open)
        openList.append(entryRow(e, games, h('button', { class: 'join-btn', onclick: async () => {
          try {
            const seat = await api.join(e.id);
            for (const t of seat.tokens) addToken(e.id, e.title, e.mode, t);
            location.hash = `#/play/${seat.token}`;
          } catch (err) {
            toast(err instanceof Error ? err.message : String(err), 'error');
          }
        } }, 'Join')));
      open.replaceChildren(h('h2', {}, 'Open games'), lobby.open.length ? openList : h('p', { class: 'muted' }, 'No one is waiting. Start a game “vs a friend” and list it.'));
      const recentList = h('ul', { class: 'entries' });
      for (const e of lobby.recent) recentList.append(entryRow(e, games, e.phase === 'over' ? h('a', { href: `#/replay/${e.id}`, class: 'replay-link' }, 'Replay') : null));
      recent.replaceChildren(h('h2', {}, 'Recent games'), lobby.recent.length ? recentList : h('p', { class: 'muted' }, 'None yet.'));
    } catch (err) {
      toast(`Cannot reach the server: ${err instanceof Error ? err.message : String(err)}`, 'error');
    }
  };
  load();
  const timer = window.setInterval(load, 5000);
  return () => {
    stop = true;
    window.clearInterval(timer);
    seeks.stop();
  };
}
