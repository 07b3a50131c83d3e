// Dhamet (docs/games/dhamet.md): 9x9 points, white w / Sultan W against black b / Sultan B.
import { gridBoard } from './grid';

export const dhamet = gridBoard({
  size: () => ({ cols: 9, rows: 9 }),
  colors: ['#f5f1e6', '#2b2b2b'],
  textColors: ['#333', '#fff'],
  cells: (v) => {
    const out = [];
    const rows: string[] = v.rows ?? [];
    for (let r = 0; r < rows.length; ++r)
      for (let c = 0; c < rows[r].length; ++c) {
        const ch = rows[r][c];
        const row = rows.length - 1 - r; // row 9 first
        if (ch === '.') continue;
        out.push({ col: c, row, piece: { owner: ch.toLowerCase() === 'w' ? 0 : 1, text: ch === 'W' || ch === 'B' ? '♛' : '', title: ch === 'W' || ch === 'B' ? 'Sultan' : 'man' } });
      }
    return out;
  },
});
