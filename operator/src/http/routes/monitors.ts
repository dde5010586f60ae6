import { requireIdentity } from '../identity-locals.js';
import type { MonitorServices } from '../../monitoring/monitors.js';
import {
  createMonitor,
  deleteMonitor,
  listMonitors,
  updateMonitor,
} from '../../monitoring/monitors.js';
import type { Implementation } from '../contract/implement.js';
import { implement } from '../contract/implement.js';

/** Monitoring endpoints of member clusters. */
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
