// The lobby's seeks and quick pairing (docs/server.md, "Seeks and quick pairing"): the seeks of everyone, live
// (pushed by /ws/lobby, nothing reloads), a form to make one, accept and cancel buttons, and a button per
// quick-pairing pool. When a game is made for this browser (its seek accepted, or paired in a pool) the page goes
// to it.
import { ApiError, api, call } from '../api';
import { account, onAccount } from '../account';
import { h, toast } from '../dom';
import { ReconnectingSocket } from '../net';
import { identity } from '../player';
import type { GameEntry, Joined, LobbyHello, LobbyMessage, Pool, PoolJoined, Seek, SeekCreated } from '../protocol';
import { gameName, variantName } from '../words';

const CLOCKS: Record<string, [number, number]> = { '3+2': [180000, 2000], '5+3': [300000, 3000], '10+5': [600000, 5000], '15+10': [900000, 10000], none: [0, 0] };
const RANGES = [0, 100, 200, 300, 500];

const clockWords = (initial: number, increment: number) => (initial ? `${initial / 60000}+${increment / 1000}` : 'no clock');
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

// Calls a seek or pool route as this browser's player.
async function asPlayer<T>(method: string, path: string, body?: unknown): Promise<T> {
  return call<T>(method, path, body, { Authorization: `Bearer ${await identity()}` });
}

function parseLobby(raw: unknown): LobbyMessage | null {
  if (typeof raw !== 'object' || raw === null || !('type' in raw)) return null;
  return raw.type === 'lobby' || raw.type === 'paired' || raw.type === 'error' ? (raw as LobbyMessage) : null;
}

// The form and a function that stops it following the account.
function seekForm(games: GameEntry[]): [HTMLElement, () => void] {
  const gameSel = h('select', { id: 'seek-game' }, ...games.map((g) => h('option', { value: g.name }, g.title || g.name)));
  const variantSel = h('select', { id: 'seek-variant' });
  const clockSel = h('select', { id: 'seek-clock' }, ...Object.keys(CLOCKS).map((k) => h('option', { value: k, selected: k === '5+3' }, k === 'none' ? 'no clock' : `${k} (min+s)`)));
  const rated = h('input', { type: 'checkbox', id: 'seek-rated' });
  const rangeSel = h('select', { id: 'seek-range' }, ...RANGES.map((r) => h('option', { value: String(r) }, r ? `±${r}` : 'any rating')));
  const refresh = () => {
    const g = games.find((x) => x.name === gameSel.value);
    variantSel.replaceChildren(...(g?.variants ?? []).map((v) => h('option', { value: v }, variantName(g!.name, v))));
    variantSel.parentElement!.hidden = !g || g.variants.length < 2;
    // Rated needs an account and a clock.
    const can = account().kind === 'in' && clockSel.value !== 'none';
    rated.disabled = !can;
    if (!can) rated.checked = false;
  };
  gameSel.addEventListener('change', refresh);
  clockSel.addEventListener('change', refresh);
  const form = h(
    'form',
    { class: 'seek-form', id: 'seek-form' },
    h('div', { class: 'row' }, h('label', {}, 'Game ', gameSel), h('label', {}, 'Variant ', variantSel), h('label', {}, 'Clock ', clockSel)),
    h('div', { class: 'row' }, h('label', {}, rated, ' rated (signed-in players only)'), h('label', {}, 'Opponent ', rangeSel)),
    h('button', { type: 'submit', class: 'primary', id: 'seek-create' }, 'Seek an opponent'),
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const [initial, increment] = CLOCKS[clockSel.value];
    const g = games.find((x) => x.name === gameSel.value);
    try {
      await asPlayer<SeekCreated>('POST', '/api/seeks', { game: gameSel.value, variant: g && g.variants.length > 1 ? variantSel.value : undefined, clock_initial_ms: initial, clock_increment_ms: increment, rated: rated.checked, rating_range: Number(rangeSel.value) });
    } catch (err) {
      toast(errorText(err), 'error');
    }
  });
  return [form, onAccount(refresh)];
}

// The logged-in account's ratings, by "game/variant/class" (1500 for none), to disable accepts out of range.
async function myRatings(): Promise<Map<string, number>> {
  const me = account();
  const out = new Map<string, number>();
  if (me.kind !== 'in') return out;
  try {
    for (const r of (await api.profile(me.username)).ratings) out.set(`${r.game}/${r.variant}/${r.class}`, r.rating);
  } catch {
    // no profile: every rating is the start one
  }
  return out;
}

function seekRow(s: Seek, ratings: Map<string, number>): HTMLElement {
  const who = s.username ? h('a', { href: `#/@/${encodeURIComponent(s.username)}`, class: 'seek-owner' }, s.username) : h('span', { class: 'seek-owner muted' }, 'Anonymous');
  const range = s.rating_min !== null && s.rating_max !== null ? ` · ${s.rating_min}–${s.rating_max}` : '';
  let action: HTMLElement;
  if (s.mine) {
    action = h('button', { class: 'seek-cancel', onclick: () => asPlayer('DELETE', `/api/seeks/${encodeURIComponent(s.id)}`).catch((e) => toast(errorText(e), 'error')) }, 'Cancel');
  } else {
    const mine = ratings.get(`${s.game}/${s.variant}/${s.class}`) ?? 1500;
    const why = s.rated && account().kind !== 'in' ? 'sign in to play rated' : s.rating_min !== null && s.rating_max !== null && (mine < s.rating_min || mine > s.rating_max) ? `your rating ${mine} is out of range` : '';
    action = h('button', { class: 'seek-accept primary', disabled: why !== '', title: why, onclick: async () => {
      try {
        const seat = await asPlayer<Joined>('POST', `/api/seeks/${encodeURIComponent(s.id)}/accept`);
        location.hash = `#/play/${seat.token}`;
      } catch (err) {
        toast(errorText(err), 'error');
      }
    } }, 'Accept');
  }
  return h('li', { class: 'entry seek', 'data-id': s.id, 'data-mine': String(s.mine) }, who, h('span', { class: 'muted' }, s.rating !== null ? ` ${s.rating}` : ''),
    h('span', { class: 'title' }, ` ${gameName(s.game, s.variant)}`), h('span', { class: 'muted' }, ` ${clockWords(s.clock_initial_ms, s.clock_increment_ms)} · ${s.rated ? 'rated' : 'casual'}${range}`), action);
}

function poolButton(p: Pool): HTMLElement {
  const label = `${gameName(p.game, p.variant)} ${clockWords(p.clock_initial_ms, p.clock_increment_ms)}`;
  const b = h('button', { class: `pool-btn${p.mine ? ' waiting' : ''}`, 'data-pool': p.id, 'aria-pressed': String(p.mine) },
    h('span', { class: 'pool-name' }, label), h('span', { class: 'pool-state muted' }, p.mine ? 'waiting… (cancel)' : `${p.waiting} waiting`));
  b.addEventListener('click', () => asPlayer<PoolJoined>('POST', p.mine ? '/api/pools/leave' : '/api/pools/join', { pool: p.id }).catch((e) => toast(errorText(e), 'error')));
  return b;
}

// The card and a function that closes its connection.
export function seeksCard(catalogue: Promise<GameEntry[]>): { el: HTMLElement; stop: () => void } {
  const list = h('ul', { class: 'entries', id: 'seek-list' });
  const pools = h('div', { class: 'pools', id: 'pools' });
  const formSlot = h('div');
  const el = h('div', { class: 'card', id: 'seeks-card' }, h('h2', {}, 'Play someone now'), h('h3', {}, 'Quick pairing'), pools, h('h3', {}, 'Seeks'), list, formSlot);
  let ratings = new Map<string, number>();
  const stopAccount = onAccount(() => void myRatings().then((r) => (ratings = r)));
  let stopForm = () => {};
  void catalogue.then((games) => {
    if (!games.length) return;
    const [form, stop] = seekForm(games);
    formSlot.append(form);
    stopForm = stop;
  });
  const show = (m: LobbyMessage) => {
    if (m.type === 'paired') location.hash = `#/play/${m.token}`;
    else if (m.type === 'error') toast(m.message, 'error');
    else {
      list.replaceChildren(...(m.seeks.length ? m.seeks.map((s) => seekRow(s, ratings)) : [h('li', { class: 'muted', id: 'no-seeks' }, 'No seeks. Make one below.')]));
      pools.replaceChildren(...m.pools.map(poolButton));
    }
  };
  let socket: ReconnectingSocket<LobbyMessage, LobbyHello> | null = null;
  void identity().then((player) => {
    socket = new ReconnectingSocket<LobbyMessage, LobbyHello>('/ws/lobby', '', show, (up) => up && socket?.send({ type: 'hello', player }), parseLobby);
  }).catch((e) => toast(e instanceof ApiError ? e.message : errorText(e), 'error'));
  return {
    el,
    stop: () => {
      stopAccount();
      stopForm();
      socket?.close();
    },
  };
}
