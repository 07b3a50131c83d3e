// Cell names of the grid games ("a1".."j10": a column letter, then the row number).
export const cellName = (col: number, row: number): string => String.fromCharCode(97 + col) + String(row + 1);

// [col, row] of a cell name, or null.
export function cellAt(name: string): [number, number] | null {
  if (name.length < 2 || name[0] < 'a' || name[0] > 'z') return null;
  const row = Number(name.slice(1));
  return Number.isInteger(row) && row >= 1 ? [name.charCodeAt(0) - 97, row - 1] : null;
}

// The cells a played move went through, first to last, for the last-move marks: a move in the list has its text
// only ("d4-e5", "c3xe5xg5", "h:b3,i9-i8"), so its cell names are picked out of it, character by character.
// Targets and the moves played come from the structured legal moves, never from text.
export function cellsNamed(text: string | null): string[] {
  const out: string[] = [];
  if (!text) return out;
  for (let i = 0; i < text.length; ++i) {
    const c = text[i];
    if (c < 'a' || c > 'z') continue;
    let j = i + 1;
    while (j < text.length && text[j] >= '0' && text[j] <= '9') ++j;
    if (j > i + 1) out.push(text.slice(i, j));
    i = j - 1;
  }
  return out;
}
