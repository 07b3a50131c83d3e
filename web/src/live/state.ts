// The live page's state: the last view the server sent this link's role, and what the forms hold between
// re-renders (every change on any device re-renders the page). No drawing here.
import type { LiveMessage, LiveView, TeamCode } from '../protocol';

export const TEAMS: TeamCode[] = ['red', 'blue'];
export const idx = (t: TeamCode) => (t === 'red' ? 0 : 1);
export const other = (t: TeamCode): TeamCode => (t === 'red' ? 'blue' : 'red');

export interface FormState {
  dealTeam: TeamCode;
  dealPlayer: string;
  dealMode: 'blind' | 'chosen';
  dealRank: string;
  taggerTeam: TeamCode;
  tagger: string;
  tagged: string;
  flagTeam: TeamCode;
  flagPlayer: string;
}

export class LiveState {
  view: LiveView | null = null;
  connected = false;
  readonly form: FormState = { dealTeam: 'red', dealPlayer: '', dealMode: 'blind', dealRank: '', taggerTeam: 'red', tagger: '', tagged: '', flagTeam: 'red', flagPlayer: '' };

  // A new view: returns the log entry that changed (-1: none). A leader acts only for their own team (L-19):
  // their deals, flags taken and flags brought home.
  apply(m: Extract<LiveMessage, { type: 'live' }>): number {
    this.view = m.view;
    if (m.view.role !== 'referee') this.form.dealTeam = this.form.flagTeam = m.view.role;
    return m.changed;
  }
}
