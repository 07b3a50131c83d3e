// The live game's rank names (its view's types are the protocol's: protocol/live.schema.json).
export const RANK_NAMES: Record<string, string> = {
  '1': 'Spy', '2': 'Scout', '3': 'Miner', '4': 'Sergeant', '5': 'Lieutenant', '6': 'Captain',
  '7': 'Major', '8': 'Colonel', '9': 'General', '10': 'Marshal', B: 'Bomb',
};
export const RANK_ORDER = ['10', '9', '8', '7', '6', '5', '4', '3', '2', '1', 'B'];

export function cardLabel(code: string): string {
  return code === 'B' ? 'Bomb' : `${code} ${RANK_NAMES[code]}`;
}
