// The lines of an alquerque-style board of points (Dhamet, docs/games/dhamet.md D-02): every row and every
// column is a line; diagonals run only through the "open" points, those whose column + row is even (0-based,
// a1 is open), and join two open points one column and one row apart. Returned as the segments between
// adjacent points, so a piece's possible steps are exactly the drawn segments.
export function alquerqueLines(cols: number, rows: number): [[number, number], [number, number]][] {
  const out: [[number, number], [number, number]][] = [];
  for (let r = 0; r < rows; ++r) out.push([[0, r], [cols - 1, r]]);
  for (let c = 0; c < cols; ++c) out.push([[c, 0], [c, rows - 1]]);
  for (let r = 0; r + 1 < rows; ++r)
    for (let c = 0; c < cols; ++c) {
      if ((c + r) % 2 !== 0) continue;
      if (c + 1 < cols) out.push([[c, r], [c + 1, r + 1]]);
      if (c > 0) out.push([[c, r], [c - 1, r + 1]]);
    }
  return out;
}

