// Computer strengths in words, each a real agent setting of the game (docs/server.md, "Computer strengths"):
// Beginner plays random legal moves; Club, Strong and Maximum are the game's own agent with more thinking time.
import type { StrengthRating } from './protocol';
import { ratingText } from './ratings';

export const LEVELS = ['beginner', 'club', 'strong', 'maximum'] as const;
export type Level = (typeof LEVELS)[number];
export const LEVEL_NAMES: Record<Level, string> = { beginner: 'Beginner', club: 'Club', strong: 'Strong', maximum: 'Maximum' };
const TIME_MS: Record<Exclude<Level, 'beginner'>, number> = { club: 300, strong: 1500, maximum: 5000 };

// The agent spec of a level for a game whose agents are `agents` (the catalog's list, its own agent last).
export function agentFor(agents: string[], level: Level): string {
  const own = agents[agents.length - 1] ?? 'random';
  if (level === 'beginner' || own === 'random') return 'random';
  return `${own}:time=${TIME_MS[level]}`;
}

// The level of an agent spec ("stratego:time=1500" -> strong); null for a spec that is none of the levels.
export function levelOf(agent: string): Level | null {
  if (agent === 'random') return 'beginner';
  const [, options = ''] = agent.split(':');
  const ms = options.startsWith('time=') && !options.includes(',') ? Number(options.slice(5)) : NaN;
  for (const [level, t] of Object.entries(TIME_MS)) if (ms === t) return level as Level;
  return null;
}

// The word for an agent spec ("stratego:time=1500" -> "Strong"); null for a spec that is none of the levels.
export function levelName(agent: string): string | null {
  const level = levelOf(agent);
  return level ? LEVEL_NAMES[level] : null;
}

// The level's name with its rating ("Strong · ~1720", "~1480?" while provisional), or alone without one.
export function levelLabel(level: Level, rating?: Pick<StrengthRating, 'rating' | 'provisional'>): string {
  return rating ? `${LEVEL_NAMES[level]} · ~${ratingText(rating)}` : LEVEL_NAMES[level];
}

export { sideName } from './words';
