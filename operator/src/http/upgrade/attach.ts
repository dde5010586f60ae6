import type { Express } from 'express';
import type { UpgradeListener } from './listener.js';

const listeners = new WeakMap<Express, UpgradeListener>();

/** The app's WebSocket door; `listen` hands it the server's upgrade requests. */
export function setUpgradeListener(app: Express, listener: UpgradeListener): void {
  listeners.set(app, listener);
}

export function upgradeListenerOf(app: Express): UpgradeListener | undefined {
  return listeners.get(app);
}
