// The live game's view, as the server sends it (docs/games/stratego-live.md, "view JSON").
export type TeamCode = 'red' | 'blue';
export type Role = 'referee' | TeamCode;

export interface Counts {
  total: number;
  by_rank: Record<string, number>;
}

export interface LivePlayer {
  number: number;
  name: string;
  has_card: boolean;
  out: boolean;
  carrying_flag: boolean;
  card?: string; // only for the referee and the player's own leader (L-19)
}

export interface LiveTeam {
  team: TeamCode;
  name: string;
  captured: Counts;
  flag_allowed: boolean;
  carrier: number | null;
  own_flag_taken: boolean;
  players_out: number;
  players: LivePlayer[];
  stock?: Counts; // only for the referee and the team's own leader (L-19)
  cards_in_hands?: number;
}

export interface Verdict {
  tagger_card: string;
  tagged_card: string;
  winner: TeamCode | 'both';
  reason: string;
  flag_recaptured: boolean;
}

export interface LogEntry {
  seq: number;
  time: number;
  by: Role;
  type: 'create' | 'deal' | 'duel' | 'flag_taken' | 'flag_returned' | 'flag_home' | 'undo';
  active: boolean;
  text: string;
  team?: TeamCode;
  player?: number;
  rank?: string;
  tagger_team?: TeamCode;
  tagger?: number;
  tagged?: number;
  target?: number;
  verdict?: Verdict;
}

export interface LiveView {
  id?: string;
  game: 'stratego_live';
  role: Role;
  players_per_team: number;
  cards: number;
  flag_threshold: number;
  winner: TeamCode | null;
  teams: [LiveTeam, LiveTeam];
  last_duel: LogEntry | null;
  log: LogEntry[];
}

export const RANK_NAMES: Record<string, string> = {
  '1': 'Spy', '2': 'Scout', '3': 'Miner', '4': 'Sergeant', '5': 'Lieutenant', '6': 'Captain',
  '7': 'Major', '8': 'Colonel', '9': 'General', '10': 'Marshal', B: 'Bomb',
};
export const RANK_ORDER = ['10', '9', '8', '7', '6', '5', '4', '3', '2', '1', 'B'];

export function cardLabel(code: string): string {
  return code === 'B' ? 'Bomb' : `${code} ${RANK_NAMES[code]}`;
}
