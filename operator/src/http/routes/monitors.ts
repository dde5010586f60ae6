import type { Router } from 'express';
import { requireIdentity } from '../../identity/identity.js';
import type { MonitorServices } from '../../manage/monitors.js';
import { createMonitor, deleteMonitor, updateMonitor } from '../../manage/monitors.js';
import { handle } from '../respond.js';

/** Monitoring endpoints of member clusters (SPEC §7 "Monitors"); mounted on the manage router. */
export function addMonitorRoutes(router: Router, services: MonitorServices): void {
  const param = (value: unknown): string => String(value ?? '');
  router.post(
    '/monitors',
    handle((req, res) => createMonitor(services, requireIdentity(res), req.body)),
  );
  router.put(
    '/monitors',
    handle((req, res) => updateMonitor(services, requireIdentity(res), req.body)),
  );
  router.delete(
    '/monitors/:id',
    handle((req, res) => deleteMonitor(services, requireIdentity(res), param(req.params.id))),
  );
}
