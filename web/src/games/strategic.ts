// Strategic (docs/games/strategic.md): orange and yellow guards (G) and officers (O) on a 7x7 board.
import { gridBoard } from './grid';

export const strategic = gridBoard({
  size: (v) => ({ cols: v.cols ?? 7, rows: v.rows ?? 7 }),
  colors: ['#e67e22', '#f1c40f'],
  textColors: ['#fff', '#333'],
  cells: (v) => [
    ...(v.holes ?? []).map((c: string) => ({ col: c.charCodeAt(0) - 97, row: Number(c.slice(1)) - 1, fill: '#555' })),
    ...(v.pieces ?? []).map((p: any) => ({
      col: p.cell.charCodeAt(0) - 97,
      row: Number(p.cell.slice(1)) - 1,
      piece: { owner: p.player === 'orange' ? 0 : 1, text: p.kind === 'officer' ? 'O' : '', double: p.kind === 'officer', title: `${p.player} ${p.kind}` },
    })),
  ],
});
