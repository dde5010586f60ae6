import { bootstrap } from './app/bootstrap';
import { API_BASE_PATH } from './constants';
import { loadChunk } from './routes/loadChunk';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void bootstrap({
  container,
  baseUrl: API_BASE_PATH,
  // A chunk that does not arrive in time fails (and the console starts over).
  loadConsole: () => loadChunk(() => import('./app/consoleApp')),
});
