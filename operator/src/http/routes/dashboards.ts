import {
  addPanel,
  deleteCategory,
  deleteDashboard,
  deletePanel,
  getDashboard,
  listCategories,
  listDashboards,
  updatePanel,
  writeCategory,
  writeDashboard,
} from '../../dashboards/service.js';
import type { DashboardStore } from '../../dashboards/service.js';
import { requireIdentity } from '../identity-locals.js';
import type { Implementation } from '../contract/implement.js';
import { implement } from '../contract/implement.js';

/** Custom dashboards, their categories and panels (hub resources; see dashboards/service.ts). */
export function dashboardEndpoints(store: DashboardStore): Implementation[] {
  const who = requireIdentity;
  return [
    implement('listDashboardCategories', ({ params }, { res }) =>
      listCategories(store, who(res), params.orgId),
    ),
    implement('createDashboardCategory', ({ body }, { res }) =>
      writeCategory(store, who(res), body, 'create'),
    ),
    implement('updateDashboardCategory', ({ body }, { res }) =>
      writeCategory(store, who(res), body, 'update'),
    ),
    implement('deleteDashboardCategory', ({ params }, { res }) =>
      deleteCategory(store, who(res), params.orgId, params.category),
    ),
    implement('listCategoryDashboards', ({ params }, { res }) =>
      listDashboards(store, who(res), params.orgId, params.category),
    ),
    implement('createDashboard', ({ body }, { res }) =>
      writeDashboard(store, who(res), body, 'create'),
    ),
    implement('updateDashboard', ({ body }, { res }) =>
      writeDashboard(store, who(res), body, 'update'),
    ),
    implement('getDashboard', ({ params }, { res }) =>
      getDashboard(store, who(res), params.orgId, params.dashboard),
    ),
    implement('deleteDashboard', ({ params }, { res }) =>
      deleteDashboard(store, who(res), params.orgId, params.dashboard),
    ),
    implement('addDashboardPanel', ({ params, body }, { res }) =>
      addPanel(store, who(res), params.orgId, params.dashboard, body),
    ),
    implement('updateDashboardPanel', ({ params, body }, { res }) =>
      updatePanel(store, who(res), params.orgId, params.dashboard, params.panel, body),
    ),
    implement('deleteDashboardPanel', ({ params }, { res }) =>
      deletePanel(store, who(res), params.orgId, params.dashboard, params.panel),
    ),
  ];
}
