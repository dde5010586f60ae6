import type { AppDeps } from '../http/app.js';
import { createApp } from '../http/app.js';
import { routeServices } from '../compose.js';
import type { HubReadiness } from '../hub/client.js';
import { captureLogs } from './logs.js';
import type { CapturedLogs } from './logs.js';
import type { RunningServer } from './http.js';
import { serve } from './http.js';

export interface TestApp extends RunningServer {
  logs: CapturedLogs;
}

/** The real app with test-friendly defaults, served on loopback. */
export async function startTestApp(
  overrides: Partial<AppDeps> & { readiness?: HubReadiness } = {},
): Promise<TestApp> {
  const logs = captureLogs();
  const { readiness = { ready: true }, ...deps } = overrides;
  const app = createApp({
    host: 'nimbus.io',
    version: '9.8.7',
    mfaEnabled: false,
    consoleDir: '/nonexistent/nimbus-console',
    logger: logs.logger,
    hub: { probe: () => Promise.resolve(readiness) },
    ...deps,
    services: deps.services ?? routeServices(deps),
  });
  const running = await serve(app);
  return { ...running, logs };
}
