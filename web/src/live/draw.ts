// The live page's drawing: the verdict and dealt-card announcements, each team's dashboard, the deal, duel and
// flag forms, the rosters and the event log. It reads the view and the form state (state.ts) and hands every
// action to the input (input.ts); it keeps nothing itself.
import { h } from '../dom';
import { cardLabel, RANK_NAMES, RANK_ORDER } from './types';
import type { LiveInput } from './input';
import { idx, other, TEAMS, type FormState } from './state';
import type { LiveTeam, LiveView, LogEntry, TeamCode } from '../protocol';

export interface LiveCtx {
  form: FormState;
  input: LiveInput;
  render(): void;
}

function time(ms: number): string {
  return new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

// The size of a word shown across a phone's width in bold capitals: as large as the design asks (up to 19vw),
// but never so large that the longest word would not fit on one line (it is never broken inside).
export function fitWords(text: string, maxVw: number, widthVw = 90): string {
  const longest = Math.max(1, ...text.split(' ').map((w) => w.length));
  return `min(${maxVw}vw, ${(widthVw / (0.78 * longest)).toFixed(2)}vw, 11rem)`;
}

// The verdict of a duel (L-16), a card just dealt, a flag taken or brought home, in type readable from afar; null
// for an entry that announces nothing.
export function announcement(v: LiveView, e: LogEntry | undefined): HTMLElement | null {
  if (!e || !e.active) return null;
  if (e.type === 'duel' && e.verdict) {
    const d = e.verdict;
    const winner = d.winner === 'both' ? null : v.teams[idx(d.winner)];
    const tagger = e.tagger_team ?? 'red';
    const cards = `${cardLabel(d.tagger_card)} (tagger, ${v.teams[idx(tagger)].name}) vs ${cardLabel(d.tagged_card)} (${v.teams[idx(other(tagger))].name})`;
    // Equal ranks: the headline says it all ("Equal ranks", "Exchange"); the reason would only repeat it.
    const big = winner ? winner.name : 'Exchange';
    return h(
      'div',
      { class: `live-overlay verdict ${d.winner}`, id: 'verdict', role: 'alert' },
      h('div', { class: 'verdict-label' }, winner ? 'Duel won by' : 'Equal ranks'),
      h('div', { class: 'verdict-winner', style: `font-size:${fitWords(big, 19)}` }, big),
      winner ? h('div', { class: 'verdict-reason' }, d.reason) : '',
      h('div', { class: 'verdict-cards' }, cards),
      d.flag_recaptured ? h('div', { class: 'verdict-flag' }, 'The flag goes back!') : '',
      h('div', { class: 'verdict-hint' }, winner ? 'Loser: back to your leader for a new card' : 'Both: back to your leaders for new cards'),
      h('div', { class: 'verdict-close' }, 'tap to close'),
    );
  }
  if (e.type === 'deal' && e.rank && e.team && e.player) {
    const team = v.teams[idx(e.team)];
    const p = team.players[e.player - 1];
    return h(
      'div',
      { class: `live-overlay dealt ${e.team}`, id: 'dealt', role: 'alert' },
      h('div', { class: 'dealt-who' }, `${p.name} (${team.name}) gets`),
      h('div', { class: 'dealt-card' }, e.rank),
      h('div', { class: 'dealt-name' }, RANK_NAMES[e.rank]),
      h('div', { class: 'verdict-close' }, 'tap to close'),
    );
  }
  if (e.type === 'flag_taken' && e.team && e.player) {
    const team = v.teams[idx(e.team)];
    return h(
      'div',
      { class: `live-overlay verdict ${e.team}`, id: 'verdict', role: 'alert' },
      h('div', { class: 'verdict-label' }, 'Flag taken by'),
      h('div', { class: 'verdict-winner', style: `font-size:${fitWords(team.name, 19)}` }, team.name),
      h('div', { class: 'verdict-reason' }, team.players[e.player - 1].name),
      h('div', { class: 'verdict-hint' }, 'Tag the carrier: if they lose the duel, the flag goes back'),
      h('div', { class: 'verdict-close' }, 'tap to close'),
    );
  }
  if (e.type === 'flag_home' && e.team) {
    const name = v.teams[idx(e.team)].name;
    return h('div', { class: `live-overlay verdict ${e.team}`, id: 'verdict', role: 'alert' }, h('div', { class: 'verdict-label' }, 'Flag home: game won by'), h('div', { class: 'verdict-winner', style: `font-size:${fitWords(name, 19)}` }, name));
  }
  return null;
}

export function teamCard(t: LiveTeam, v: LiveView): HTMLElement {
  const need = Math.max(0, v.flag_threshold - t.captured.total);
  const carrier = t.carrier ? t.players[t.carrier - 1].name : null;
  return h(
    'section',
    { class: `live-team ${t.team}`, id: `team-${t.team}` },
    h('h2', {}, t.name),
    h(
      'div',
      { class: 'live-stats' },
      t.stock ? h('div', { class: 'stat', 'data-field': 'stock' }, h('b', {}, String(t.stock.total)), h('span', {}, 'in stock')) : '',
      h('div', { class: 'stat', 'data-field': 'captured' }, h('b', {}, `${t.captured.total}`), h('span', {}, `captured of ${v.flag_threshold}`)),
      h('div', { class: 'stat', 'data-field': 'out' }, h('b', {}, String(t.players_out)), h('span', {}, 'players out')),
    ),
    h(
      'div',
      { class: `flag-line ${t.flag_allowed ? 'yes' : 'no'}`, 'data-field': 'flag' },
      t.flag_allowed ? 'May take the flag' : `${need} more to take the flag (Scouts may now)`,
    ),
    carrier ? h('div', { class: 'flag-line carrying', 'data-field': 'carrier' }, `${carrier} carries the enemy flag!`) : '',
    t.own_flag_taken ? h('div', { class: 'flag-line alarm' }, 'Our flag is taken!') : '',
  );
}
export function playerList(t: LiveTeam): HTMLElement {
  return h(
    'ul',
    { class: `live-players ${t.team}`, id: `players-${t.team}` },
    ...t.players.map((p) =>
      h(
        'li',
        { class: p.out ? 'out' : p.has_card ? 'has' : 'none', 'data-player': p.number },
        h('span', { class: 'pname' }, p.name),
        h('span', { class: 'pcard' }, p.out ? 'OUT' : p.card ? cardLabel(p.card) : p.has_card ? 'has a card' : 'needs a card'),
        p.carrying_flag ? h('span', { class: 'pflag' }, '⚑') : '',
      ),
    ),
  );
}
function select(id: string, options: [string, string][], value: string, onchange: (v: string) => void): HTMLSelectElement {
  const el = h('select', { id }, ...options.map(([v, label]) => h('option', { value: v, selected: v === value }, label)));
  if (!options.some(([v]) => v === value) && options.length) onchange(options[0][0]);
  el.addEventListener('change', () => onchange(el.value));
  return el;
}
function teamToggle(prefix: string, value: TeamCode, v: LiveView, c: LiveCtx, onpick: (t: TeamCode) => void): HTMLElement {
  return h(
    'div',
    { class: 'toggle' },
    ...TEAMS.map((t) =>
      h('button', { type: 'button', id: `${prefix}-${t}`, class: `team-btn ${t} ${t === value ? 'on' : ''}`, onclick: () => { onpick(t); c.render(); } }, v.teams[idx(t)].name),
    ),
  );
}
function playerLabel(t: LiveTeam, n: number): string {
  const p = t.players[n - 1];
  return p.card ? `${p.name}: ${cardLabel(p.card)}` : p.name;
}
export function dealSection(v: LiveView, c: LiveCtx): HTMLElement {
  const team = v.teams[idx(c.form.dealTeam)];
  const waiting = team.players.filter((p) => !p.has_card && !p.out);
  const stock = team.stock;
  const ranks = stock ? RANK_ORDER.filter((r) => (stock.by_rank[r] ?? 0) > 0) : [];
  const modeBtn = (m: 'blind' | 'chosen', label: string) =>
    h('button', { type: 'button', id: `deal-mode-${m}`, class: `mode-btn ${c.form.dealMode === m ? 'on' : ''}`, onclick: () => { c.form.dealMode = m; c.render(); } }, label);
  const empty = stock ? stock.total === 0 : false;
  return h(
    'section',
    { class: 'card live-action', id: 'deal' },
    h('h3', {}, 'Deal a card'),
    v.role === 'referee' ? teamToggle('deal-team', c.form.dealTeam, v, c, (t) => (c.form.dealTeam = t)) : '',
    empty
      ? h('p', { class: 'alarm' }, `${team.name}: no cards left. Players who lose their card are out.`)
      : waiting.length === 0
        ? h('p', { class: 'muted' }, 'Every player has a card.')
        : h(
            'div',
            { class: 'stack' },
            select('deal-player', waiting.map((p) => [String(p.number), p.name]), c.form.dealPlayer, (x) => (c.form.dealPlayer = x)),
            h('div', { class: 'toggle' }, modeBtn('blind', 'Blind (shuffled)'), modeBtn('chosen', 'Chosen')),
            c.form.dealMode === 'chosen'
              ? select('deal-rank', ranks.map((r) => [r, `${cardLabel(r)} (${stock!.by_rank[r]} left)`]), c.form.dealRank, (x) => (c.form.dealRank = x))
              : '',
            h('button', {
              type: 'button', class: 'primary big', id: 'deal-btn',
              onclick: () => {
                const deal: Record<string, unknown> = { op: 'deal', team: c.form.dealTeam, player: Number(c.form.dealPlayer), mode: c.form.dealMode };
                if (c.form.dealMode === 'chosen') deal.rank = c.form.dealRank;
                c.input.command(deal);
              },
            }, 'Deal'),
          ),
  );
}
export function duelSection(v: LiveView, c: LiveCtx): HTMLElement {
  const taggerTeam = v.teams[idx(c.form.taggerTeam)];
  const taggedTeam = v.teams[idx(other(c.form.taggerTeam))];
  const armed = (t: LiveTeam, tagging: boolean) =>
    t.players.filter((p) => p.has_card && !(tagging && p.card === 'B')).map((p): [string, string] => [String(p.number), playerLabel(t, p.number)]);
  const taggers = armed(taggerTeam, true), tagged = armed(taggedTeam, false);
  return h(
    'section',
    { class: 'card live-action', id: 'duel' },
    h('h3', {}, 'Record a duel'),
    h('p', { class: 'muted small' }, 'Who tagged? (a Bomb never tags)'),
    teamToggle('duel-tagger-team', c.form.taggerTeam, v, c, (t) => { c.form.taggerTeam = t; c.form.tagger = ''; c.form.tagged = ''; }),
    taggers.length && tagged.length
      ? h(
          'div',
          { class: 'stack' },
          h('label', {}, `${taggerTeam.name} tagger `, select('duel-tagger', taggers, c.form.tagger, (x) => (c.form.tagger = x))),
          h('label', {}, `${taggedTeam.name} tagged `, select('duel-tagged', tagged, c.form.tagged, (x) => (c.form.tagged = x))),
          h('button', {
            type: 'button', class: 'primary big', id: 'duel-btn',
            onclick: () => c.input.command({ op: 'duel', tagger_team: c.form.taggerTeam, tagger: Number(c.form.tagger), tagged: Number(c.form.tagged) }),
          }, 'Show the verdict'),
        )
      : h('p', { class: 'muted' }, 'Both players need a card.'),
  );
}
export function flagSection(v: LiveView, c: LiveCtx): HTMLElement {
  const team = v.teams[idx(c.form.flagTeam)];
  const holders = team.players.filter((p) => p.has_card).map((p): [string, string] => [String(p.number), playerLabel(team, p.number)]);
  const rows: (HTMLElement | string)[] = [];
  for (const t of v.teams) {
    if (!t.carrier || (v.role !== 'referee' && t.team !== v.role)) continue;
    rows.push(h('button', { type: 'button', class: `big team-btn ${t.team} on`, id: `flag-home-${t.team}`, onclick: () => c.input.command({ op: 'flag_home', team: t.team }) }, `${t.name} brought the flag home`));
    if (v.role === 'referee')
      rows.push(h('button', { type: 'button', id: `flag-back-${other(t.team)}`, onclick: () => c.input.command({ op: 'flag_returned', flag: other(t.team) }) }, `${v.teams[idx(other(t.team))].name} flag goes back (referee)`));
  }
  return h(
    'section',
    { class: 'card live-action', id: 'flag' },
    h('h3', {}, 'Flag'),
    v.role === 'referee' ? teamToggle('flag-team', c.form.flagTeam, v, c, (t) => { c.form.flagTeam = t; c.form.flagPlayer = ''; }) : '',
    team.carrier
      ? h('p', { class: 'muted' }, `${team.name} already carries the flag.`)
      : holders.length
        ? h(
            'div',
            { class: 'stack' },
            h('label', {}, `${team.name} player `, select('flag-player', holders, c.form.flagPlayer, (x) => (c.form.flagPlayer = x))),
            h('button', { type: 'button', class: 'big', id: 'flag-take-btn', onclick: () => c.input.command({ op: 'flag_taken', team: c.form.flagTeam, player: Number(c.form.flagPlayer) }) }, `${team.name} takes the flag`),
            team.flag_allowed ? '' : h('p', { class: 'muted small' }, 'Only a Scout may, until half the enemy cards are captured.'),
          )
        : h('p', { class: 'muted' }, 'Nobody with a card.'),
    ...rows,
  );
}
export function logSection(v: LiveView, c: LiveCtx): HTMLElement {
  const undoable = (e: LogEntry) => v.role === 'referee' && e.active && e.seq > 0;
  const items = v.log.slice().reverse().map((e) =>
    h(
      'li',
      { class: e.active ? 'active' : 'undone', 'data-seq': e.seq },
      h('span', { class: 'ltime' }, `#${e.seq} ${time(e.time)}`),
      h('span', { class: 'ltext' }, e.text),
      undoable(e) ? h('button', { type: 'button', class: 'undo', onclick: () => c.input.command({ op: 'undo', target: e.seq }) }, e.type === 'undo' ? 'Redo' : 'Undo') : '',
    ),
  );
  return h('section', { class: 'card live-log', id: 'log' }, h('h3', {}, 'Events'), h('ol', { reversed: true }, ...items));
}
// The whole page for the view: header, winner, dashboards, the forms of this role, rosters, log.
export function livePageBody(v: LiveView, c: LiveCtx, connected: boolean, links: HTMLElement | null): (HTMLElement | string)[] {
  const roleName = v.role === 'referee' ? 'Referee' : `${v.teams[idx(v.role)].name} leader`;
  const mine = v.role === 'referee' ? v.teams : [v.teams[idx(v.role)], v.teams[idx(other(v.role))]];
  return [
    h(
      'header',
      { class: 'live-head' },
      h('span', { class: 'live-title' }, `${v.teams[0].name} vs ${v.teams[1].name}`),
      h('span', { class: `role ${v.role}`, id: 'live-role' }, roleName),
      h('span', { id: 'live-conn', class: connected ? 'conn up' : 'conn down' }, connected ? '● live' : '● offline, reconnecting'),
    ),
    v.winner ? h('div', { class: `winner ${v.winner}`, id: 'live-winner' }, `Game won by ${v.teams[idx(v.winner)].name}`) : '',
    h('div', { class: 'live-teams' }, ...mine.map((t) => teamCard(t, v))),
    v.winner ? '' : dealSection(v, c),
    v.winner || v.role !== 'referee' ? '' : duelSection(v, c),
    v.winner ? '' : flagSection(v, c),
    h('div', { class: 'live-rosters' }, ...mine.map((t) => h('section', { class: 'card' }, h('h3', {}, t.name), playerList(t)))),
    logSection(v, c),
    links ?? '',
  ];
}

export { TEAMS };
