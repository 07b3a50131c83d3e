// Computer strengths in words, each a real agent setting of the game (docs/server.md, "Computer strengths"):
// Beginner plays random legal moves; Club, Strong and Maximum are the game's own agent with more thinking time.
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

// The word for an agent spec ("stratego:time=1500" -> "Strong"); null for a spec that is none of the levels.
export function levelName(agent: string): string | null {
  if (agent === 'random') return LEVEL_NAMES.beginner;
  const [, options = ''] = agent.split(':');
  const ms = options.startsWith('time=') && !options.includes(',') ? Number(options.slice(5)) : NaN;
  for (const [level, t] of Object.entries(TIME_MS)) if (ms === t) return LEVEL_NAMES[level as Level];
  return null;
}

export { sideName } from './words';
