// Routes: #/ lobby, #/play/TOKEN a game seen through one link, #/replay/ID a finished game,
// #/analysis/ID a finished game's evaluation graph, #/live a new live team game, #/live/TOKEN one device of a live game (web/src/live/),
// #/account/sign-in, #/account/create and #/account the account screens (pages/account.ts), #/@/NAME a player's
// profile (pages/profile.ts), #/leaderboard[/GAME[/CLASS]] the leaderboards (pages/leaderboard.ts), #/tournaments
// and #/tournament/ID the tournaments (pages/tournaments.ts, pages/tournament.ts).
import './style.css';
import { gamePage } from './pages/game';
import { lobbyPage } from './pages/lobby';
import { replayPage } from './pages/replay';
import { analysisPage } from './pages/analysis';
import { liveCreatePage } from './live/create';
import { livePage } from './live/page';
import { accountNav, accountPage, createAccountPage, signInPage } from './pages/account';
import { refreshAccount, rememberPlace } from './account';
import { profilePage } from './pages/profile';
import { leaderboardPage } from './pages/leaderboard';
import { tournamentsPage } from './pages/tournaments';
import { tournamentPage } from './pages/tournament';

const app = document.getElementById('app')!;
let cleanup: (() => void) | null = null;

function route(): void {
  cleanup?.();
  cleanup = null;
  const hash = location.hash.startsWith('#') ? location.hash.slice(1) : location.hash;
  const parts = (hash.startsWith('/') ? hash.slice(1) : hash).split('/');
  window.scrollTo(0, 0);
  if (parts[0] !== 'account') rememberPlace(location.hash);
  if (parts[0] === 'account') cleanup = parts[1] === 'sign-in' ? signInPage(app) : parts[1] === 'create' ? createAccountPage(app) : accountPage(app);
  else if (parts[0] === 'play' && parts[1]) cleanup = gamePage(app, parts[1]);
  else if (parts[0] === 'replay' && parts[1]) cleanup = replayPage(app, parts[1]);
  else if (parts[0] === 'analysis' && parts[1]) cleanup = analysisPage(app, parts[1]);
  else if (parts[0] === '@' && parts[1]) cleanup = profilePage(app, decodeURIComponent(parts[1]));
  else if (parts[0] === 'leaderboard') cleanup = leaderboardPage(app, decodeURIComponent(parts[1] ?? ''), parts[2] ?? '');
  else if (parts[0] === 'tournaments') cleanup = tournamentsPage(app);
  else if (parts[0] === 'tournament' && parts[1]) cleanup = tournamentPage(app, decodeURIComponent(parts[1]));
  else if (parts[0] === 'live') cleanup = parts[1] ? livePage(app, parts[1]) : liveCreatePage(app);
  else cleanup = lobbyPage(app);
}

window.addEventListener('hashchange', route);
accountNav(document.getElementById('account')!);
void refreshAccount();
route();
