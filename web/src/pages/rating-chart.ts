// A rating's history as a small inline SVG: a polyline over the points, one dot per point, the highest and
// lowest rating written on the left. Drawn here rather than by a chart library: one line of a few hundred
// points needs no more, and the bundle stays small.
import { s } from '../dom';

const W = 320, H = 90;
const LEFT = 40, RIGHT = 8, TOP = 10, BOTTOM = 10;

export function ratingChart(points: readonly number[], label: string): SVGSVGElement {
  const svg = s('svg', { class: 'rating-chart', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': label });
  svg.append(s('title', {}, label));
  if (!points.length) return svg;
  const lo = Math.min(...points), hi = Math.max(...points);
  // A flat history still gets a band to sit in, so one point or equal ratings draw mid-height.
  const span = hi - lo || 1;
  const x = (i: number) => (points.length === 1 ? (LEFT + W - RIGHT) / 2 : LEFT + ((W - LEFT - RIGHT) * i) / (points.length - 1));
  const y = (r: number) => (hi === lo ? H / 2 : TOP + ((H - TOP - BOTTOM) * (hi - r)) / span);
  svg.append(
    s('line', { class: 'rating-axis', x1: LEFT - 4, y1: TOP, x2: LEFT - 4, y2: H - BOTTOM }),
    s('text', { class: 'rating-label rating-max', x: LEFT - 8, y: y(hi) + 4, 'text-anchor': 'end' }, String(Math.round(hi))),
  );
  if (hi !== lo) svg.append(s('text', { class: 'rating-label rating-min', x: LEFT - 8, y: y(lo) + 4, 'text-anchor': 'end' }, String(Math.round(lo))));
  svg.append(s('polyline', { class: 'rating-line', points: points.map((r, i) => `${x(i).toFixed(1)},${y(r).toFixed(1)}`).join(' ') }));
  // Dots only while they stay apart; past that the line says it all.
  if (points.length <= 60) points.forEach((r, i) => svg.append(s('circle', { class: 'rating-point', cx: x(i).toFixed(1), cy: y(r).toFixed(1), r: 2.6 })));
  return svg;
}
