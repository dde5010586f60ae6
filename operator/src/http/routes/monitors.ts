import { requireIdentity } from '../../identity/identity.js';
import type { MonitorServices } from '../../manage/monitors.js';
import {
  createMonitor,
  deleteMonitor,
  listMonitors,
  updateMonitor,
} from '../../manage/monitors.js';
import type { Implementation } from '../contract/implement.js';
import { implement } from '../contract/implement.js';

/** Monitoring endpoints of member clusters (SPEC §7 "Monitors"). */
export function monitorEndpoints(services: MonitorServices): Implementation[] {
  return [
    implement('listClusterMonitors', ({ params }, { res }) =>
      listMonitors(services, requireIdentity(res), params.id),
    ),
    implement('createMonitor', ({ body }, { res }) =>
      createMonitor(services, requireIdentity(res), body),
    ),
    implement('updateMonitor', ({ body }, { res }) =>
      updateMonitor(services, requireIdentity(res), body),
    ),
    implement('deleteMonitor', ({ params }, { res }) =>
      deleteMonitor(services, requireIdentity(res), params.id),
    ),
  ];
}
