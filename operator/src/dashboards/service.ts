import type { CategoryView, DashboardView, Panel } from '@nimbus/api';
import type { categoryBody, dashboardBody, panelBody } from '@nimbus/api';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { ApiError, errors } from '../core/errors.js';
import { alreadyExists, invalid, notFound } from '../core/problems.js';
import type { DashboardCategoryObject, DashboardObject, HubStore } from '../hub/store.js';
import type { Identity } from '../identity/identity.js';
import type { CrdReader } from '../access/caller-scope.js';
import { assertGrantedForObject } from '../access/permissions.js';
import type { Allow } from '../access/policy.js';
import {
  addressedOrganization,
  admins,
  assertAcceptsNewMembers,
  everyone,
  organizationLabels,
  organizationOf,
} from '../access/org-scope.js';
import { categoryView, dashboardView } from './views.js';

export type DashboardStore = CrdReader &
  Pick<HubStore, 'organizations' | 'clusters' | 'dashboardCategories' | 'dashboards'>;

/** Dashboards are changed with monitoring:manage on their cluster (admins of the organization always). */
const manages = (store: DashboardStore, identity: Identity, org: string, cluster: string) =>
  assertGrantedForObject(store, identity, { organization: org, cluster }, 'monitoring:manage');

type CategoryBody = z.output<typeof categoryBody>;
type DashboardBody = z.output<typeof dashboardBody>;
type PanelBody = z.output<typeof panelBody>;

/** The organization's name once the caller's role there is among `allow`. */
function organizationName(store: DashboardStore, identity: Identity, ref: string, allow: Allow) {
  return addressedOrganization(store.organizations, identity, ref, allow).metadata.name;
}

const isConflict = (error: unknown) => error instanceof ApiError && error.entry === errors.conflict;

async function created<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw isConflict(error) ? alreadyExists(name) : error;
  }
}

function ownCategory(store: DashboardStore, org: string, name: string): DashboardCategoryObject {
  const category = store.dashboardCategories.get(name);
  if (!category || category.spec.organization !== org) throw notFound(`dashboard category ${name}`);
  return category;
}

async function ownDashboard(
  store: DashboardStore,
  org: string,
  ref: string,
): Promise<DashboardObject> {
  const dashboard =
    (await store.dashboards.fetch(ref)) ?? store.dashboards.getByUid(ref) ?? undefined;
  if (!dashboard || dashboard.spec.organization !== org) throw notFound(`dashboard ${ref}`);
  return dashboard;
}

const dashboardsIn = (store: DashboardStore, org: string, category: string) =>
  store.dashboards.list((d) => d.spec.organization === org && d.spec.category === category);

function viewOf(store: DashboardStore, dashboard: DashboardObject): DashboardView {
  const cluster = store.clusters.get(dashboard.spec.cluster);
  const owned =
    cluster && organizationOf(cluster, store.organizations) === dashboard.spec.organization;
  return dashboardView(dashboard, owned ? cluster : undefined);
}

export function listCategories(
  store: DashboardStore,
  identity: Identity,
  orgRef: string,
): { items: CategoryView[] } {
  const org = organizationName(store, identity, orgRef, everyone);
  const items = store.dashboardCategories
    .list((c) => c.spec.organization === org)
    .sort((a, b) => a.metadata.name.localeCompare(b.metadata.name))
    .map((c) => categoryView(c, dashboardsIn(store, org, c.metadata.name).length));
  return { items };
}

export async function writeCategory(
  store: DashboardStore,
  identity: Identity,
  body: CategoryBody,
  mode: 'create' | 'update',
): Promise<CategoryView> {
  const org = addressedOrganization(store.organizations, identity, body.organizationId, admins);
  const orgName = org.metadata.name;
  const object = {
    metadata: { name: body.name, labels: organizationLabels(org) },
    spec: {
      organization: orgName,
      ...(body.description ? { description: body.description } : {}),
    },
  };
  if (mode === 'update') {
    ownCategory(store, orgName, body.name);
    const saved = await store.dashboardCategories.apply(object);
    return categoryView(saved, dashboardsIn(store, orgName, body.name).length);
  }
  assertAcceptsNewMembers(org);
  const saved = await created(body.name, () => store.dashboardCategories.create(object));
  return categoryView(saved, 0);
}

export async function deleteCategory(
  store: DashboardStore,
  identity: Identity,
  orgRef: string,
  name: string,
): Promise<null> {
  const org = organizationName(store, identity, orgRef, admins);
  ownCategory(store, org, name);
  const held = dashboardsIn(store, org, name).length;
  if (held > 0) {
    throw new ApiError(errors.conflict, {
      message: `dashboard category ${name} still holds ${held} dashboards`,
    });
  }
  await store.dashboardCategories.delete(name);
  return null;
}

export function listDashboards(
  store: DashboardStore,
  identity: Identity,
  orgRef: string,
  category: string,
): { items: DashboardView[] } {
  const org = organizationName(store, identity, orgRef, everyone);
  ownCategory(store, org, category);
  const items = dashboardsIn(store, org, category)
    .sort((a, b) => a.metadata.name.localeCompare(b.metadata.name))
    .map((d) => viewOf(store, d));
  return { items };
}

/** The organization boundary of API writes: a category and a cluster of the same organization. */
function assertReferences(store: DashboardStore, org: string, body: DashboardBody): void {
  const category = store.dashboardCategories.get(body.category);
  if (!category || category.spec.organization !== org) {
    throw invalid('category', `dashboard category ${body.category} is not in organization ${org}`);
  }
  const cluster = store.clusters.get(body.cluster);
  if (!cluster || organizationOf(cluster, store.organizations) !== org) {
    throw invalid('cluster', `cluster ${body.cluster} is not in organization ${org}`);
  }
}

export async function writeDashboard(
  store: DashboardStore,
  identity: Identity,
  body: DashboardBody,
  mode: 'create' | 'update',
): Promise<DashboardView> {
  const org = addressedOrganization(store.organizations, identity, body.organizationId, everyone);
  const orgName = org.metadata.name;
  assertReferences(store, orgName, body);
  await manages(store, identity, orgName, body.cluster);
  const spec = {
    organization: orgName,
    category: body.category,
    cluster: body.cluster,
    ...(body.description ? { description: body.description } : {}),
  };
  if (mode === 'update') {
    const current = await ownDashboard(store, orgName, body.name);
    if (current.spec.cluster !== body.cluster) {
      await manages(store, identity, orgName, current.spec.cluster);
    }
    const saved = await store.dashboards.modify(body.name, (current) => ({
      ...spec,
      panels: current.panels,
    }));
    return viewOf(store, saved);
  }
  assertAcceptsNewMembers(org);
  const saved = await created(body.name, () =>
    store.dashboards.create({
      metadata: { name: body.name, labels: organizationLabels(org) },
      spec: { ...spec, panels: [] },
    }),
  );
  return viewOf(store, saved);
}

export async function getDashboard(
  store: DashboardStore,
  identity: Identity,
  orgRef: string,
  ref: string,
): Promise<DashboardView> {
  const org = organizationName(store, identity, orgRef, everyone);
  return viewOf(store, await ownDashboard(store, org, ref));
}

export async function deleteDashboard(
  store: DashboardStore,
  identity: Identity,
  orgRef: string,
  ref: string,
): Promise<null> {
  const org = organizationName(store, identity, orgRef, everyone);
  const dashboard = await ownDashboard(store, org, ref);
  await manages(store, identity, org, dashboard.spec.cluster);
  await store.dashboards.delete(dashboard.metadata.name);
  return null;
}

/** A new panel's name: unique in its dashboard, not meant to be read by people. */
export function newPanelName(taken: readonly Panel[]): string {
  for (;;) {
    const name = `panel-${randomBytes(4).toString('hex')}`;
    if (!taken.some((p) => p.name === name)) return name;
  }
}

type PanelChange = (panels: Panel[]) => Panel[];

async function changePanels(
  store: DashboardStore,
  identity: Identity,
  orgRef: string,
  ref: string,
  change: PanelChange,
): Promise<DashboardView> {
  const org = organizationName(store, identity, orgRef, everyone);
  const dashboard = await ownDashboard(store, org, ref);
  await manages(store, identity, org, dashboard.spec.cluster);
  const saved = await store.dashboards.modify(dashboard.metadata.name, (spec) => ({
    ...spec,
    panels: change((spec.panels ?? []) as Panel[]),
  }));
  return viewOf(store, saved);
}

const indexOfPanel = (panels: readonly Panel[], name: string): number => {
  const index = panels.findIndex((p) => p.name === name);
  if (index < 0) throw notFound(`panel ${name}`);
  return index;
};

export function addPanel(
  store: DashboardStore,
  identity: Identity,
  orgRef: string,
  ref: string,
  body: PanelBody,
): Promise<DashboardView> {
  return changePanels(store, identity, orgRef, ref, (panels) => {
    const name = body.name ?? newPanelName(panels);
    if (panels.some((p) => p.name === name)) throw alreadyExists(`panel ${name}`);
    return [...panels, { ...body, name }];
  });
}

export function updatePanel(
  store: DashboardStore,
  identity: Identity,
  orgRef: string,
  ref: string,
  panel: string,
  body: PanelBody,
): Promise<DashboardView> {
  return changePanels(store, identity, orgRef, ref, (panels) => {
    const index = indexOfPanel(panels, panel);
    return panels.map((p, i) => (i === index ? { ...body, name: panel } : p));
  });
}

export function deletePanel(
  store: DashboardStore,
  identity: Identity,
  orgRef: string,
  ref: string,
  panel: string,
): Promise<DashboardView> {
  return changePanels(store, identity, orgRef, ref, (panels) => {
    const index = indexOfPanel(panels, panel);
    return panels.filter((_, i) => i !== index);
  });
}
