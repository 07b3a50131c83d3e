// The Stratego card duel (docs/games/stratego-cards.md, "view_json"): the opponent's line of five slots at the
// top, the viewer's at the bottom, the viewer's hand below it, pile counts and cards out of the game. Moves come
// structured (the game's move cells): an attack goes from an own slot to an enemy slot ("r2" -> "b4") and is
// played by clicking the own card, then a highlighted enemy card; a placement goes from a card in hand
// ("hand:9") to a slot; a reveal (Spy, Scout, Flag) names its own slot only. Placements and reveals are buttons.
// What a move did is told from its public events ("attack r2 b4", "reveal b4 7", "peek b hand 6,7").
import { h, s } from '../dom';
import type { HandCard, LegalMove, LineCard, MoveEntry, Player, StrategoCardsView } from '../protocol';
import { sideName } from '../words';
import { SIDE_COLORS } from './stratego-pieces';
import type { BoardContext, BoardModule } from './types';

type Card = LineCard | HandCard;
const W = 1, H = 1.35, GAP = 0.12; // line card size and spacing, in viewBox units
const selection = new WeakMap<HTMLElement, number | null>();
const LETTER = ['r', 'b'];

const rankText = (c: string) => (c === '1' ? 'S' : c);
const NAMES: Record<string, string> = { '1': 'Spy', B: 'Bomb', F: 'Flag', '10': 'Marshal', '9': 'General', '8': 'Colonel', '7': 'Major', '6': 'Captain', '5': 'Lieutenant', '4': 'Sergeant', '3': 'Miner', '2': 'Scout', '?': 'unknown' };
const rankName = (c: string) => NAMES[c] ?? c;

// "r2" -> { seat 0, slot 2 }; null for anything else.
function slotOf(cell: string | undefined): { seat: number; slot: number } | null {
  if (!cell || cell.length !== 2) return null;
  const seat = LETTER.indexOf(cell[0]), slot = Number(cell[1]);
  return seat >= 0 && slot >= 1 && slot <= 5 ? { seat, slot } : null;
}

// A structured move in the board's terms.
type CardMove = { kind: 'attack'; from: number; to: number } | { kind: 'place'; card: string; slot: number } | { kind: 'reveal'; slot: number };
function kindOf(m: LegalMove): CardMove | null {
  const [first, second] = m.path;
  if (first?.startsWith('hand:')) {
    const slot = slotOf(second);
    return slot ? { kind: 'place', card: first.slice(5), slot: slot.slot } : null;
  }
  const a = slotOf(first), b = slotOf(second);
  if (a && b) return { kind: 'attack', from: a.slot, to: b.slot };
  return a && m.path.length === 1 ? { kind: 'reveal', slot: a.slot } : null;
}

// The button of a move that is not an attack, named by what it does (a reveal by the card in its slot).
function buttonLabel(m: CardMove | null, text: string, line: (LineCard | null)[]): string {
  if (m?.kind === 'place') return `Place ${rankText(m.card)} in slot ${m.slot}`;
  if (m?.kind === 'reveal') {
    const card = line[m.slot - 1]?.card;
    if (card === '1') return `Spy ${m.slot}: look at the hand`;
    if (card === '2') return `Scout ${m.slot}: look along the line`;
    if (card === 'F') return `Flag ${m.slot}: reveal, regather`;
  }
  return text;
}

// One card with its top-left corner at (x, y), w wide: face (rank) or back ('?').
function drawCard(x: number, y: number, w: number, c: Card, owner: number, extra: Record<string, string | number> = {}, extraClass = ''): SVGGElement {
  const hh = w * (H / W);
  const color = SIDE_COLORS[owner];
  const hidden = c.card === '?';
  const face = 'public' in c && c.public;
  const g = s('g', { class: 'card' + (hidden ? ' back' : '') + (face ? ' face-up' : '') + extraClass, ...extra });
  g.append(
    s('rect', {
      x, y, width: w, height: hh, rx: w * 0.1,
      fill: hidden ? color : face ? '#fffdf4' : '#e8e2d0',
      stroke: color, 'stroke-width': hidden || face ? w * 0.06 : w * 0.035, 'stroke-dasharray': !hidden && !face ? `${w * 0.12} ${w * 0.06}` : undefined,
    }),
  );
  if (hidden) {
    g.append(s('rect', { x: x + w * 0.14, y: y + w * 0.14, width: w * 0.72, height: hh - w * 0.28, rx: w * 0.06, fill: 'none', stroke: '#fff8', 'stroke-width': w * 0.03 }));
    g.append(s('text', { x: x + w / 2, y: y + hh / 2 + w * 0.15, 'text-anchor': 'middle', 'font-size': w * 0.45, 'font-weight': 700, fill: '#fff' }, '?'));
  } else {
    g.append(s('text', { x: x + w / 2, y: y + hh / 2 + w * 0.15, 'text-anchor': 'middle', 'font-size': w * 0.45, 'font-weight': 700, fill: color }, rankText(c.card)));
  }
  const marks: string[] = [];
  if (face) marks.push('face up');
  else if (!hidden) marks.push('face down');
  if (c.seen) marks.push('seen by the opponent');
  if (face) g.append(s('text', { x: x + w * 0.1, y: y + w * 0.22, 'font-size': w * 0.17, fill: color, class: 'card-mark' }, '▲'));
  if (c.seen) g.append(s('text', { x: x + w * 0.9, y: y + w * 0.22, 'text-anchor': 'end', 'font-size': w * 0.17, fill: hidden ? '#fff' : color, class: 'card-mark' }, '◉'));
  g.append(s('title', {}, `${rankName(c.card)}${marks.length ? ' (' + marks.join(', ') + ')' : ''}`));
  // For screen readers, from the view only: a card this player cannot see stays "unknown".
  g.setAttribute('aria-label', `${owner === 0 ? 'red' : 'blue'} card, ${hidden ? 'unknown' : rankName(c.card)}${marks.length ? ', ' + marks.join(', ') : ''}`);
  return g;
}

// The slots a move touched, by seat, from its public events ("attack r2 b4", "place r2", "peek b2 10", ...).
function slotsTouched(m: MoveEntry | null): [Set<number>, Set<number>] {
  const out: [Set<number>, Set<number>] = [new Set(), new Set()];
  for (const e of m?.events ?? [])
    for (const word of e.split(' ')) {
      const slot = slotOf(word);
      if (slot && !e.startsWith('capture ')) out[slot.seat].add(slot.slot);
    }
  return out;
}

// What a move did, in words, from its public events (docs/games/stratego-cards.md, "Events"): attacks with
// both ranks and who fell, Spy and Scout reveals with what they showed, Flag reveals. Placements: null.
function describe(m: MoveEntry, players: Player[]): string | null {
  if (!m.move) return null;
  const who = sideName(players[m.seat]?.name ?? '');
  const other = sideName(players[1 - m.seat]?.name ?? '');
  const words = m.events.map((e) => e.split(' '));
  const reveals = new Map<string, string>(); // "r2" -> rank
  for (const w of words) if (w[0] === 'reveal' && w.length === 3) reveals.set(w[1], w[2]);
  const captured = new Set(words.filter((w) => w[0] === 'capture').map((w) => w[1]));
  const card = (slot: string) => {
    const rank = reveals.get(slot) ?? '?';
    return `${rankName(rank)} (${rankText(rank)})`;
  };
  const attack = words.find((w) => w[0] === 'attack' && w.length === 3);
  if (attack) {
    const [, a, d] = attack;
    const verdict = captured.has(a) && captured.has(d) ? 'both leave the game' : captured.has(d) ? 'the attacker wins' : captured.has(a) ? 'the defender wins' : '';
    const won = words.some((w) => w[0] === 'winner' && w[2] === 'flag') ? ` — ${who} takes the Flag` : '';
    return `${who}'s ${card(a)} in slot ${a.slice(1)} attacks ${other}'s ${card(d)} in slot ${d.slice(1)}: ${verdict}${won}`;
  }
  const mine = words.find((w) => w[0] === 'reveal' && w.length === 3 && slotOf(w[1])?.seat === m.seat);
  const revealed = mine?.[2];
  if (revealed === '1') {
    const hand = words.find((w) => w[0] === 'peek' && w[2] === 'hand');
    return `${who}'s Spy looks at ${other}'s hand${hand ? `: ${hand[3] === '-' ? 'empty' : (hand[3] ?? '').split(',').map(rankText).join(', ')}` : ''}`;
  }
  if (revealed === '2') {
    const seen = words.filter((w) => w[0] === 'peek' && slotOf(w[1]));
    return `${who}'s Scout looks at ${other}'s ${seen.map((w) => `slot ${w[1].slice(1)}: ${rankName(w[2])} (${rankText(w[2])})`).join(', ') || 'line'}`;
  }
  if (revealed === 'F') {
    const g = words.find((w) => w[0] === 'regather');
    return `${who} reveals the Flag and regathers ${g ? g[2] : 'the'} cards face down`;
  }
  return null;
}

function render(el: HTMLElement, ctx: BoardContext<StrategoCardsView>): void {
  const v = ctx.view;
  const me = (ctx.bottom ?? ctx.viewer) === 1 ? 1 : 0, them = 1 - me;
  const mine = v.sides[me], theirs = v.sides[them];
  const attacks = new Map<number, Map<number, string>>();
  const others: { move: string; kind: CardMove | null }[] = [];
  for (const m of ctx.legal) {
    const k = kindOf(m);
    if (k?.kind === 'attack') {
      if (!attacks.has(k.from)) attacks.set(k.from, new Map());
      attacks.get(k.from)!.set(k.to, m.move);
    } else others.push({ move: m.move, kind: k });
  }
  let selected = selection.get(el) ?? null;
  if (selected !== null && !attacks.has(selected)) selected = null;
  // The slots the last move touched, on either side (moves of either side are public, but for the rank of a
  // placed card).
  const touched = slotsTouched(ctx.last);
  const lastMarks = s('g');
  const markLast = (x: number, y: number) =>
    lastMarks.append(s('rect', { x: x - 0.04, y: y - 0.04, width: W + 0.08, height: H + 0.08, rx: 0.13, class: 'last-mark' }));

  const width = 5 * W + 4 * GAP;
  const slotX = (i: number) => i * (W + GAP); // i = 0..4
  const yInfoTop = 0, yOpp = 0.5, yMid = yOpp + H + 0.12, yMine = yMid + 0.75, yHand = yMine + H + 0.5;
  const handN = Math.max(1, mine.hand.length);
  const hw = Math.min(0.8, (width + GAP) / handN - 0.08);
  const height = yHand + hw * (H / W) + 0.1;
  const svg = s('svg', { viewBox: `-0.1 -0.05 ${width + 0.2} ${height + 0.1}`, class: 'board cards-board', role: 'img' });
  const txt = (x: number, y: number, t: string, attrs: Record<string, string | number> = {}) =>
    s('text', { x, y, 'font-size': 0.2, class: 'cards-info', ...attrs }, t);
  const side = (p: StrategoCardsView['sides'][number]) => `${sideName(p.player)}: hand ${p.hand.length}, pile ${p.pile_count}`;
  const out = (p: StrategoCardsView['sides'][number]) => p.removed.map(rankText).join(' ') || '—';

  // Opponent: counts and the cards out of the game, then their line.
  svg.append(txt(0, yInfoTop + 0.22, `${side(theirs)} · out: ${out(theirs)}`, { class: `cards-info side-text${them}`, 'font-weight': 700 }));
  const targets = s('g');
  for (let i = 0; i < 5; ++i) {
    const c = theirs.line[i];
    const x = slotX(i);
    const last = touched[them].has(i + 1);
    if (last) markLast(x, yOpp);
    svg.append(s('rect', { x, y: yOpp, width: W, height: H, rx: 0.1, class: 'slot' + (last ? ' last' : ''), 'data-enemy-slot': i + 1 }));
    if (c) svg.append(drawCard(x, yOpp, W, c, them, { 'data-enemy-slot': i + 1 }));
    svg.append(s('text', { x: x + W / 2, y: yOpp - 0.04, 'text-anchor': 'middle', 'font-size': 0.16, class: 'slot-num' }, String(i + 1)));
  }
  // The middle: whose turn, phase, turn count.
  const status = v.outcome.over
    ? `game over${v.outcome.winner ? `: ${sideName(v.outcome.winner)} won` : ': draw'}`
    : `${sideName(v.to_move)} to move · ${v.phase === 'refill' ? 'refilling the line' : v.phase === 'setup' ? 'laying the line' : 'acting'} · turn ${v.turn} of ${v.turn_limit}`;
  svg.append(txt(width / 2, yMid + 0.42, status, { 'text-anchor': 'middle', 'font-size': 0.22 }));
  // Own line.
  for (let i = 0; i < 5; ++i) {
    const c = mine.line[i];
    const x = slotX(i);
    const last = touched[me].has(i + 1);
    if (last) markLast(x, yMine);
    svg.append(s('rect', { x, y: yMine, width: W, height: H, rx: 0.1, class: 'slot' + (last ? ' last' : ''), 'data-own-slot': i + 1 }));
    if (c) svg.append(drawCard(x, yMine, W, c, me, { 'data-own-slot': i + 1 }, attacks.has(i + 1) ? ' movable' : ''));
    svg.append(s('text', { x: x + W / 2, y: yMine + H + 0.17, 'text-anchor': 'middle', 'font-size': 0.16, class: 'slot-num' }, String(i + 1)));
  }
  svg.append(lastMarks, targets);
  // Own counts and hand.
  svg.append(txt(0, yMine + H + 0.42, `${side(mine)} · out: ${out(mine)}`, { class: `cards-info side-text${me}`, 'font-weight': 700 }));
  mine.hand.forEach((c, i) => svg.append(drawCard(i * (hw + 0.08), yHand, hw, c, me, { 'data-hand': i })));

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
    const t = ev.target instanceof Element ? ev.target.closest('[data-own-slot],[data-enemy-slot]') : null;
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
  chooser.append(...others.map((o) => h('button', { class: 'move-btn', title: o.move, 'data-move': o.move, onclick: () => ctx.play(o.move) }, buttonLabel(o.kind, o.move, mine.line))));
  const hint = attacks.size ? h('p', { class: 'cards-hint' }, 'Attack: click one of your cards, then an enemy card.') : '';
  el.replaceChildren(svg, hint, chooser);
}

export const strategoCards: BoardModule<StrategoCardsView> = { render, describe, colors: [SIDE_COLORS[0], SIDE_COLORS[1]] };
