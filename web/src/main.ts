// Routes: #/ lobby, #/play/TOKEN a game seen through one link, #/replay/ID a finished game.
import './style.css';
import { gamePage } from './pages/game';
import { lobbyPage } from './pages/lobby';
import { replayPage } from './pages/replay';

const app = document.getElementById('app')!;
let cleanup: (() => void) | null = null;

function route(): void {
  cleanup?.();
  cleanup = null;
  const parts = location.hash.replace(/^#\/?/, '').split('/');
  window.scrollTo(0, 0);
  if (parts[0] === 'play' && parts[1]) cleanup = gamePage(app, parts[1]);
  else if (parts[0] === 'replay' && parts[1]) cleanup = replayPage(app, parts[1]);
  else cleanup = lobbyPage(app);
}

window.addEventListener('hashchange', route);
route();
