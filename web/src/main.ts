// Routes: #/ lobby, #/play/TOKEN a game seen through one link, #/replay/ID a finished game,
// #/analysis/ID a finished game's evaluation graph, #/live a new live team game, #/live/TOKEN one device of a live game (web/src/live/).
import './style.css';
import { gamePage } from './pages/game';
import { lobbyPage } from './pages/lobby';
import { replayPage } from './pages/replay';
import { analysisPage } from './pages/analysis';
import { liveCreatePage } from './live/create';
import { livePage } from './live/page';

const app = document.getElementById('app')!;
let cleanup: (() => void) | null = null;

function route(): void {
  cleanup?.();
  cleanup = null;
  const hash = location.hash.startsWith('#') ? location.hash.slice(1) : location.hash;
  const parts = (hash.startsWith('/') ? hash.slice(1) : hash).split('/');
  window.scrollTo(0, 0);
  if (parts[0] === 'play' && parts[1]) cleanup = gamePage(app, parts[1]);
  else if (parts[0] === 'replay' && parts[1]) cleanup = replayPage(app, parts[1]);
  else if (parts[0] === 'analysis' && parts[1]) cleanup = analysisPage(app, parts[1]);
  else if (parts[0] === 'live') cleanup = parts[1] ? livePage(app, parts[1]) : liveCreatePage(app);
  else cleanup = lobbyPage(app);
}

window.addEventListener('hashchange', route);
route();
