import { panelSchema } from '@nimbus/api';
import { z } from 'zod';
import { basicStatus, description } from './common.js';
import { ageColumn, defineKind, readyColumns } from './kind.js';
import { nameRef, resourceNameRule } from './names.js';
import { listMap } from './rules.js';

export const dashboardCategorySpec = z.object({
  organization: nameRef('Name of the Organization the category belongs to.'),
  description: description.optional(),
});

export const dashboardCategoryKind = defineKind({
  kind: 'DashboardCategory',
  plural: 'dashboardcategories',
  shortNames: ['ndashcat'],
  description: 'A category that groups the custom monitoring dashboards of an organization.',
  name: resourceNameRule,
  spec: dashboardCategorySpec,
  status: basicStatus,
  printerColumns: [
    { name: 'Organization', type: 'string', jsonPath: '.spec.organization' },
    ...readyColumns,
    ageColumn,
  ],
});

export const dashboardSpec = z.object({
  organization: nameRef('Name of the Organization the dashboard belongs to.'),
  category: nameRef('Name of the DashboardCategory (same organization) listing the dashboard.'),
  cluster: nameRef('Name of the Cluster (same organization) whose Prometheus the panels query.'),
  description: description.optional(),
  panels: listMap(z.array(panelSchema).max(64), 'name')
    .default([])
    .meta({ description: 'Panels, in display order; each a PromQL query and how to draw it.' }),
});

export const dashboardKind = defineKind({
  kind: 'Dashboard',
  plural: 'dashboards',
  shortNames: ['ndash'],
  description: 'A custom monitoring dashboard: panels of PromQL queries against one cluster.',
  name: resourceNameRule,
  spec: dashboardSpec,
  status: basicStatus,
  printerColumns: [
    { name: 'Organization', type: 'string', jsonPath: '.spec.organization' },
    { name: 'Category', type: 'string', jsonPath: '.spec.category' },
    { name: 'Cluster', type: 'string', jsonPath: '.spec.cluster' },
    ...readyColumns,
    ageColumn,
  ],
});

export type DashboardCategory = z.output<typeof dashboardCategoryKind.schema>;
export type Dashboard = z.output<typeof dashboardKind.schema>;
