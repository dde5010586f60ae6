import { bootstrap } from './app/bootstrap';
import { API_BASE_PATH } from './constants';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void bootstrap({
  container,
  baseUrl: API_BASE_PATH,
  loadConsole: () => import('./app/consoleApp'),
});
