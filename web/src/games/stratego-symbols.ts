// Stratego's rank symbols, drawn here (original shapes, no font or emoji): beside the rank number, as on the
// physical pieces, so that a piece reads at a glance. Officers by insignia (Marshal a crown, General three stars,
// Colonel two, Major one, Captain two bars, Lieutenant one, Sergeant chevrons), the specialists by their tool
// (Miner a pickaxe, Scout binoculars, Spy an eye), Bomb and Flag as themselves. Each is a path set in a 10x10
// box, drawn white on the side's colour (the same tiles in light and dark schemes).
import { s } from '../dom';

function star(cx: number, cy: number, r: number): string {
  let d = '';
  for (let i = 0; i < 10; ++i) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 ? r * 0.45 : r;
    d += `${i ? 'L' : 'M'}${(cx + rr * Math.cos(a)).toFixed(2)} ${(cy + rr * Math.sin(a)).toFixed(2)}`;
  }
  return d + 'Z';
}
const chevron = (y: number) => `M1.5 ${y + 2.2}L5 ${y}L8.5 ${y + 2.2}L8.5 ${y + 3.6}L5 ${y + 1.4}L1.5 ${y + 3.6}Z`;

type Shape = { d: string; fill?: string; stroke?: string; width?: number };
const WHITE = '#fff';
const SHAPES: Record<string, Shape[]> = {
  '10': [{ d: 'M1 8.2L1 2.8L3.4 5.4L5 1.6L6.6 5.4L9 2.8L9 8.2Z' }],
  '9': [{ d: star(5, 2.9, 2.4) + star(2.6, 7.1, 2.4) + star(7.4, 7.1, 2.4) }],
  '8': [{ d: star(2.6, 5, 2.6) + star(7.4, 5, 2.6) }],
  '7': [{ d: star(5, 5.3, 4.6) }],
  '6': [{ d: 'M1 2.2H9V4.2H1ZM1 5.8H9V7.8H1Z' }],
  '5': [{ d: 'M1 4H9V6.2H1Z' }],
  '4': [{ d: chevron(0.6) + chevron(3.4) + chevron(6.2) }],
  '3': [
    { d: 'M1.2 4.2Q5 0.6 8.8 4.2', fill: 'none', stroke: WHITE, width: 1.4 },
    { d: 'M5 2.6L5 9.4', fill: 'none', stroke: WHITE, width: 1.3 },
  ],
  '2': [{ d: 'M0.6 6.2a2.4 2.4 0 1 0 4.8 0a2.4 2.4 0 1 0 -4.8 0ZM4.6 6.2a2.4 2.4 0 1 0 4.8 0a2.4 2.4 0 1 0 -4.8 0ZM1.6 2.2H4.2V4.6H1.6ZM5.8 2.2H8.4V4.6H5.8Z' }],
  S: [
    { d: 'M0.6 5Q5 0.4 9.4 5Q5 9.6 0.6 5Z' },
    { d: 'M3.3 5a1.7 1.7 0 1 0 3.4 0a1.7 1.7 0 1 0 -3.4 0Z', fill: '#222' },
  ],
  B: [
    { d: 'M1.2 6a3.6 3.6 0 1 0 7.2 0a3.6 3.6 0 1 0 -7.2 0Z', fill: '#222', stroke: WHITE, width: 0.5 },
    { d: 'M6.8 3Q7.8 0.8 9.2 1.2', fill: 'none', stroke: WHITE, width: 0.8 },
    { d: 'M8.6 1.2a0.8 0.8 0 1 0 1.6 0a0.8 0.8 0 1 0 -1.6 0Z', fill: '#ffb300' },
  ],
  F: [
    { d: 'M2 0.6H3.2V9.6H2Z' },
    { d: 'M3.2 0.8L9.4 3L3.2 5.4Z' },
  ],
};

// The symbol of `rank` in the square (x, y, size) of the piece's own coordinates, or null for none ("?").
export function rankSymbol(rank: string, x: number, y: number, size: number): SVGGElement | null {
  const shapes = SHAPES[rank];
  if (!shapes) return null;
  const g = s('g', { class: 'rank-symbol', 'data-symbol': rank, transform: `translate(${x},${y}) scale(${size / 10})` });
  for (const p of shapes) g.append(s('path', { d: p.d, fill: p.fill ?? WHITE, stroke: p.stroke, 'stroke-width': p.width, 'stroke-linecap': p.stroke ? 'round' : undefined }));
  return g;
}
