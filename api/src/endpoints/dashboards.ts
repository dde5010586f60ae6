import { z } from 'zod';
import { admins, endpoint, everyone, inOrg, json } from '../endpoint.js';
import { pathRef } from '../schemas/common.js';
import {
  categoryBody,
  categoryViewSchema,
  dashboardBody,
  dashboardViewSchema,
  panelBody,
} from '../schemas/dashboards.js';

const monitor = '/monitor.{host}';
const orgPath = `${monitor}/organizations/:orgId`;
const orgParams = z.object({ orgId: pathRef });
const categoryParams = orgParams.extend({ category: pathRef });
const dashboardParams = orgParams.extend({ dashboard: pathRef });
const panelParams = dashboardParams.extend({ panel: pathRef });
const members = { allow: everyone, ...inOrg('params.orgId') };
const bodyMembers = { allow: everyone, ...inOrg('body.organizationId') };
/** Changing a dashboard needs monitoring:manage on its cluster (its organization's admins always). */
const managing = { name: 'monitoring:manage', on: 'organization' } as const;
const editors = { ...members, permission: managing };
const bodyEditors = {
  ...bodyMembers,
  permission: managing,
  note: "The category and the cluster must be the organization's.",
};

/**
 * Custom monitoring dashboards (/dashboard-custom): categories hold
 * dashboards, a dashboard holds panels and names the cluster they query. Members of the
 * organization read and edit dashboards; categories are kept by its administrators.
 */
export const dashboardEndpoints = {
  listDashboardCategories: endpoint({
    method: 'GET',
    path: `${orgPath}/dashboard-categories`,
    access: members,
    summary: 'Dashboard categories of an organization',
    tag: 'monitor',
    params: orgParams,
    response: json(z.object({ items: z.array(categoryViewSchema) })),
  }),
  createDashboardCategory: endpoint({
    method: 'POST',
    path: `${monitor}/dashboard-categories`,
    access: { allow: admins, ...inOrg('body.organizationId') },
    summary: 'Create a dashboard category',
    tag: 'monitor',
    body: categoryBody,
    response: json(categoryViewSchema),
  }),
  updateDashboardCategory: endpoint({
    method: 'PUT',
    path: `${monitor}/dashboard-categories`,
    access: { allow: admins, ...inOrg('body.organizationId') },
    summary: 'Update a dashboard category',
    tag: 'monitor',
    body: categoryBody,
    response: json(categoryViewSchema),
  }),
  deleteDashboardCategory: endpoint({
    method: 'DELETE',
    path: `${orgPath}/dashboard-categories/:category`,
    access: {
      allow: admins,
      ...inOrg('params.orgId'),
      note: 'Refused (1005) while the category still holds dashboards.',
    },
    summary: 'Delete an empty dashboard category',
    tag: 'monitor',
    params: categoryParams,
    response: json(z.null()),
  }),
  listCategoryDashboards: endpoint({
    method: 'GET',
    path: `${orgPath}/dashboard-categories/:category/dashboards`,
    access: members,
    summary: 'Dashboards of a category',
    tag: 'monitor',
    params: categoryParams,
    response: json(z.object({ items: z.array(dashboardViewSchema) })),
  }),
  createDashboard: endpoint({
    method: 'POST',
    path: `${monitor}/dashboards`,
    access: bodyEditors,
    summary: 'Create a dashboard',
    tag: 'monitor',
    body: dashboardBody,
    response: json(dashboardViewSchema),
  }),
  updateDashboard: endpoint({
    method: 'PUT',
    path: `${monitor}/dashboards`,
    access: bodyEditors,
    summary: 'Update a dashboard (its panels are kept)',
    tag: 'monitor',
    body: dashboardBody,
    response: json(dashboardViewSchema),
  }),
  getDashboard: endpoint({
    method: 'GET',
    path: `${orgPath}/dashboards/:dashboard`,
    access: members,
    summary: 'One dashboard with its panels',
    tag: 'monitor',
    params: dashboardParams,
    response: json(dashboardViewSchema),
  }),
  deleteDashboard: endpoint({
    method: 'DELETE',
    path: `${orgPath}/dashboards/:dashboard`,
    access: editors,
    summary: 'Delete a dashboard',
    tag: 'monitor',
    params: dashboardParams,
    response: json(z.null()),
  }),
  addDashboardPanel: endpoint({
    method: 'POST',
    path: `${orgPath}/dashboards/:dashboard/panels`,
    access: editors,
    summary: 'Add a panel to a dashboard',
    tag: 'monitor',
    params: dashboardParams,
    body: panelBody,
    response: json(dashboardViewSchema),
  }),
  updateDashboardPanel: endpoint({
    method: 'PUT',
    path: `${orgPath}/dashboards/:dashboard/panels/:panel`,
    access: editors,
    summary: 'Replace a panel of a dashboard',
    tag: 'monitor',
    params: panelParams,
    body: panelBody,
    response: json(dashboardViewSchema),
  }),
  deleteDashboardPanel: endpoint({
    method: 'DELETE',
    path: `${orgPath}/dashboards/:dashboard/panels/:panel`,
    access: editors,
    summary: 'Remove a panel from a dashboard',
    tag: 'monitor',
    params: panelParams,
    response: json(dashboardViewSchema),
  }),
} as const;
