// The Stratego card duel (docs/games/stratego-cards.md, "view_json"): the opponent's line of five slots at the
// top, the viewer's at the bottom, the viewer's hand below it, pile counts and cards out of the game. Attacks
// (`a2x4`) are played by clicking an own line card, then a highlighted enemy card; reveals (`spy3`,
// `scout1:2,5`, `flag4`), placements (`place 2=9`) and anything else are buttons under the board.
import { h, s } from '../dom';
import type { MoveEntry, Player } from '../api';
import { sideName } from '../strength';
import { SIDE_COLORS } from './stratego-pieces';
import type { BoardContext, BoardModule } from './types';

interface Card {
  card: string;
  public?: boolean;
  seen?: boolean;
}

const W = 1, H = 1.35, GAP = 0.12; // line card size and spacing, in viewBox units
const selection = new WeakMap<HTMLElement, number | null>();

const rankText = (c: string) => (c === '1' ? 'S' : c);
const rankName = (c: string) =>
  ({ '1': 'Spy', B: 'Bomb', F: 'Flag', '10': 'Marshal', '9': 'General', '8': 'Colonel', '7': 'Major', '6': 'Captain', '5': 'Lieutenant', '4': 'Sergeant', '3': 'Miner', '2': 'Scout', '?': 'unknown' } as Record<string, string>)[c] ?? c;

function label(mv: string): string {
  let m: RegExpExecArray | null;
  if ((m = /^place (\d)=(\w+)$/.exec(mv))) return `Place ${rankText(m[2])} in slot ${m[1]}`;
  if ((m = /^spy(\d)$/.exec(mv))) return `Spy ${m[1]}: look at the hand`;
  if ((m = /^scout(\d):([\d,]+)$/.exec(mv))) return `Scout ${m[1]}: look at ${m[2].split(',').join(' & ')}`;
  if ((m = /^flag(\d)$/.exec(mv))) return `Flag ${m[1]}: reveal, regather`;
  if ((m = /^a(\d)x(\d)$/.exec(mv))) return `Attack ${m[2]} with ${m[1]}`;
  return mv;
}

// One card with its top-left corner at (x, y), w wide: face (rank) or back ('?').
function drawCard(x: number, y: number, w: number, c: Card, owner: number, extra: Record<string, string | number> = {}, extraClass = ''): SVGGElement {
  const hh = w * (H / W);
  const color = SIDE_COLORS[owner];
  const hidden = c.card === '?';
  const g = s('g', { class: 'card' + (hidden ? ' back' : '') + (c.public ? ' face-up' : '') + extraClass, ...extra });
  g.append(
    s('rect', {
      x, y, width: w, height: hh, rx: w * 0.1,
      fill: hidden ? color : c.public ? '#fffdf4' : '#e8e2d0',
      stroke: color, 'stroke-width': hidden || c.public ? w * 0.06 : w * 0.035, 'stroke-dasharray': !hidden && !c.public ? `${w * 0.12} ${w * 0.06}` : undefined,
    }),
  );
  if (hidden) {
    g.append(s('rect', { x: x + w * 0.14, y: y + w * 0.14, width: w * 0.72, height: hh - w * 0.28, rx: w * 0.06, fill: 'none', stroke: '#fff8', 'stroke-width': w * 0.03 }));
    g.append(s('text', { x: x + w / 2, y: y + hh / 2 + w * 0.15, 'text-anchor': 'middle', 'font-size': w * 0.45, 'font-weight': 700, fill: '#fff' }, '?'));
  } else {
    g.append(s('text', { x: x + w / 2, y: y + hh / 2 + w * 0.15, 'text-anchor': 'middle', 'font-size': w * 0.45, 'font-weight': 700, fill: color }, rankText(c.card)));
  }
  const marks: string[] = [];
  if (c.public) marks.push('face up');
  else if (!hidden) marks.push('face down');
  if (c.seen) marks.push('seen by the opponent');
  if (c.public) g.append(s('text', { x: x + w * 0.1, y: y + w * 0.22, 'font-size': w * 0.17, fill: color, class: 'card-mark' }, '▲'));
  if (c.seen) g.append(s('text', { x: x + w * 0.9, y: y + w * 0.22, 'text-anchor': 'end', 'font-size': w * 0.17, fill: hidden ? '#fff' : color, class: 'card-mark' }, '◉'));
  g.append(s('title', {}, `${rankName(c.card)}${marks.length ? ' (' + marks.join(', ') + ')' : ''}`));
  // For screen readers, from the view only: a card this player cannot see stays "unknown".
  g.setAttribute('aria-label', `${owner === 0 ? 'red' : 'blue'} card, ${hidden ? 'unknown' : rankName(c.card)}${marks.length ? ', ' + marks.join(', ') : ''}`);
  return g;
}

// Slots a move names: `a2x4` (2 of the mover, 4 of the other), `spy3`, `flag4`, `scout1:2,5`, `place 2`.
function slotsOf(move: string | null): { mover: number[]; other: number[] } {
  let m: RegExpExecArray | null;
  if (!move) return { mover: [], other: [] };
  if ((m = /^a(\d)x(\d)$/.exec(move))) return { mover: [Number(m[1])], other: [Number(m[2])] };
  if ((m = /^scout(\d):([\d,]+)$/.exec(move))) return { mover: [Number(m[1])], other: m[2].split(',').map(Number) };
  if ((m = /^(?:spy|flag)(\d)$/.exec(move))) return { mover: [Number(m[1])], other: [] };
  if ((m = /^place (\d)/.exec(move))) return { mover: [Number(m[1])], other: [] };
  return { mover: [], other: [] };
}

// What a move did, in words, from its public events (docs/games/stratego-cards.md, "Events"): attacks with
// both ranks and who fell, Spy and Scout reveals with what they showed, Flag reveals. Placements: null.
function describe(m: MoveEntry, players: Player[]): string | null {
  if (!m.move) return null;
  const who = sideName(players[m.seat]?.name ?? '');
  const other = sideName(players[1 - m.seat]?.name ?? '');
  const reveals = new Map<string, string>(); // "r2" -> rank
  for (const e of m.events) {
    const r = /^reveal ([rb]\d) (\w+)$/.exec(e);
    if (r) reveals.set(r[1], r[2]);
  }
  const captured = new Set(m.events.filter((e) => e.startsWith('capture ')).map((e) => e.split(' ')[1]));
  const card = (slot: string) => {
    const rank = reveals.get(slot) ?? '?';
    return `${rankName(rank)} (${rankText(rank)})`;
  };
  const attack = m.events.map((e) => /^attack ([rb]\d) ([rb]\d)$/.exec(e)).find((x) => x);
  if (attack) {
    const [, a, d] = attack;
    const verdict = captured.has(a) && captured.has(d) ? 'both leave the game' : captured.has(d) ? 'the attacker wins' : captured.has(a) ? 'the defender wins' : '';
    const won = m.events.some((e) => /^winner .* flag$/.test(e)) ? ` — ${who} takes the Flag` : '';
    return `${who}'s ${card(a)} in slot ${a.slice(1)} attacks ${other}'s ${card(d)} in slot ${d.slice(1)}: ${verdict}${won}`;
  }
  const spy = m.events.map((e) => /^peek [rb] hand (.+)$/.exec(e)).find((x) => x);
  if (/^spy\d$/.test(m.move)) return `${who}'s Spy looks at ${other}'s hand${spy ? `: ${spy[1] === '-' ? 'empty' : spy[1].split(',').map(rankText).join(', ')}` : ''}`;
  if (/^scout/.test(m.move)) {
    const seen = m.events.map((e) => /^peek ([rb])(\d) (\w+)$/.exec(e)).filter((x): x is RegExpExecArray => !!x);
    return `${who}'s Scout looks at ${other}'s ${seen.map((x) => `slot ${x[2]}: ${rankName(x[3])} (${rankText(x[3])})`).join(', ') || 'line'}`;
  }
  if (/^flag\d$/.test(m.move)) {
    const g = m.events.map((e) => /^regather [rb] (\d+)$/.exec(e)).find((x) => x);
    return `${who} reveals the Flag and regathers ${g ? g[1] : 'the'} cards face down`;
  }
  return null;
}

function render(el: HTMLElement, ctx: BoardContext): void {
  const v = ctx.view;
  if (!v || !Array.isArray(v.sides)) {
    el.replaceChildren(h('pre', { class: 'generic-view' }, JSON.stringify(v, null, 1)));
    return;
  }
  const me = (ctx.bottom ?? ctx.viewer) === 1 ? 1 : 0, them = 1 - me;
  const mine = v.sides[me], theirs = v.sides[them];
  const attacks = new Map<number, Map<number, string>>();
  const others: string[] = [];
  for (const mv of ctx.legal) {
    const m = /^a([1-5])x([1-5])$/.exec(mv);
    if (!m) {
      others.push(mv);
      continue;
    }
    const from = Number(m[1]), to = Number(m[2]);
    if (!attacks.has(from)) attacks.set(from, new Map());
    attacks.get(from)!.set(to, mv);
  }
  let selected = selection.get(el) ?? null;
  if (selected !== null && !attacks.has(selected)) selected = null;
  // The slots the last move touched, on the mover's side and on the other (moves of either side are public,
  // but for the rank of a placed card).
  const last = slotsOf(ctx.last?.move ?? null);
  const lastOwn = new Set(ctx.last?.seat === me ? last.mover : last.other);
  const lastEnemy = new Set(ctx.last?.seat === me ? last.other : last.mover);
  const lastMarks = s('g');
  const markLast = (x: number, y: number) =>
    lastMarks.append(s('rect', { x: x - 0.04, y: y - 0.04, width: W + 0.08, height: H + 0.08, rx: 0.13, class: 'last-mark' }));

  const width = 5 * W + 4 * GAP;
  const slotX = (i: number) => i * (W + GAP); // i = 0..4
  const yInfoTop = 0, yOpp = 0.5, yMid = yOpp + H + 0.12, yMine = yMid + 0.75, yHand = yMine + H + 0.5;
  const handN = Math.max(1, (mine.hand ?? []).length);
  const hw = Math.min(0.8, (width + GAP) / handN - 0.08);
  const height = yHand + hw * (H / W) + 0.1;
  const svg = s('svg', { viewBox: `-0.1 -0.05 ${width + 0.2} ${height + 0.1}`, class: 'board cards-board', role: 'img' });
  const txt = (x: number, y: number, t: string, attrs: Record<string, string | number> = {}) =>
    s('text', { x, y, 'font-size': 0.2, class: 'cards-info', ...attrs }, t);
  const side = (p: any) => `${p.player}: hand ${(p.hand ?? []).length}, pile ${p.pile_count ?? 0}`;
  const out = (p: any) => ((p.removed ?? []) as string[]).map(rankText).join(' ') || '—';

  // Opponent: counts and the cards out of the game, then their line.
  svg.append(txt(0, yInfoTop + 0.22, `${side(theirs)} · out: ${out(theirs)}`, { fill: SIDE_COLORS[them], 'font-weight': 700 }));
  const targets = s('g');
  for (let i = 0; i < 5; ++i) {
    const c: Card | null = theirs.line?.[i] ?? null;
    const x = slotX(i);
    const cls = 'slot' + (lastEnemy.has(i + 1) ? ' last' : '');
    if (lastEnemy.has(i + 1)) markLast(x, yOpp);
    svg.append(s('rect', { x, y: yOpp, width: W, height: H, rx: 0.1, class: cls, 'data-enemy-slot': i + 1 }));
    if (c) svg.append(drawCard(x, yOpp, W, c, them, { 'data-enemy-slot': i + 1 }));
    svg.append(s('text', { x: x + W / 2, y: yOpp - 0.04, 'text-anchor': 'middle', 'font-size': 0.16, class: 'slot-num', fill: '#888' }, String(i + 1)));
  }
  // The middle: whose turn, phase, turn count.
  const status = v.outcome?.over
    ? `game over${v.outcome.winner ? ': ' + v.outcome.winner + ' wins' : ': draw'}${v.outcome.reason ? ' (' + v.outcome.reason + ')' : ''}`
    : `${v.to_move} to move · ${v.phase} · turn ${v.turn}/${v.turn_limit}`;
  svg.append(txt(width / 2, yMid + 0.42, status, { 'text-anchor': 'middle', 'font-size': 0.22 }));
  // Own line.
  for (let i = 0; i < 5; ++i) {
    const c: Card | null = mine.line?.[i] ?? null;
    const x = slotX(i);
    const cls = 'slot' + (lastOwn.has(i + 1) ? ' last' : '');
    if (lastOwn.has(i + 1)) markLast(x, yMine);
    svg.append(s('rect', { x, y: yMine, width: W, height: H, rx: 0.1, class: cls, 'data-own-slot': i + 1 }));
    if (c) svg.append(drawCard(x, yMine, W, c, me, { 'data-own-slot': i + 1 }, attacks.has(i + 1) ? ' movable' : ''));
    svg.append(s('text', { x: x + W / 2, y: yMine + H + 0.17, 'text-anchor': 'middle', 'font-size': 0.16, class: 'slot-num', fill: '#888' }, String(i + 1)));
  }
  svg.append(lastMarks, targets);
  // Own counts and hand.
  svg.append(txt(0, yMine + H + 0.42, `${side(mine)} · out: ${out(mine)}`, { fill: SIDE_COLORS[me], 'font-weight': 700 }));
  (mine.hand ?? []).forEach((c: Card, i: number) => svg.append(drawCard(i * (hw + 0.08), yHand, hw, c, me, { 'data-hand': i })));

  const chooser = h('div', { class: 'generic-moves' });
  const showTargets = () => {
    targets.replaceChildren();
    svg.querySelectorAll('.card.selected').forEach((p) => p.classList.remove('selected'));
    if (selected === null) return;
    svg.querySelector(`.card[data-own-slot="${selected}"]`)?.classList.add('selected');
    for (const to of attacks.get(selected)?.keys() ?? [])
      targets.append(s('circle', { cx: slotX(to - 1) + W / 2, cy: yOpp + H / 2, r: 0.16, class: 'target', 'data-target': `e${to}` }));
  };
  svg.addEventListener('click', (ev) => {
    const t = (ev.target as Element).closest('[data-own-slot],[data-enemy-slot]');
    if (!t) return;
    const enemy = t.getAttribute('data-enemy-slot');
    if (enemy !== null) {
      const mv = selected !== null ? attacks.get(selected)?.get(Number(enemy)) : undefined;
      if (mv) {
        selection.set(el, null);
        ctx.play(mv);
      }
      return;
    }
    const own = Number(t.getAttribute('data-own-slot'));
    selected = attacks.has(own) && selected !== own ? own : null;
    selection.set(el, selected);
    showTargets();
  });
  showTargets();
  if (others.length) chooser.append(...others.map((mv) => h('button', { class: 'move-btn', title: mv, 'data-move': mv, onclick: () => ctx.play(mv) }, label(mv))));
  const hint = attacks.size ? h('p', { class: 'cards-hint' }, 'Attack: click one of your cards, then an enemy card.') : '';
  el.replaceChildren(svg, hint, chooser);
}

export const strategoCards: BoardModule = { render, describe, colors: [SIDE_COLORS[0], SIDE_COLORS[1]] };
