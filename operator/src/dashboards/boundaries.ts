import type { Verdict } from '../controllers/conditions.js';
import { fine, wrong } from '../controllers/conditions.js';
import type {
  ClusterObject,
  DashboardCategoryObject,
  DashboardObject,
  OrganizationObject,
} from '../hub/store.js';
import type { Lookup } from '../hub/directory.js';
import { organizationOf, ownershipOf } from '../access/org-scope.js';

/** What the boundary checks read: a HubStore is one, tests build one from data. */
export interface DashboardReader {
  organizations: Pick<Lookup<OrganizationObject>, 'get'>;
  clusters: Pick<Lookup<ClusterObject>, 'get'>;
  dashboardCategories: Pick<Lookup<DashboardCategoryObject>, 'get'>;
}

export interface BoundaryProblem {
  reason: string;
  message: string;
}

type OrganizationNamed = Pick<DashboardCategoryObject, 'metadata' | 'spec'>;

function organizationProblems(reader: DashboardReader, object: OrganizationNamed) {
  const ownership = ownershipOf(object, reader.organizations);
  if (ownership.state === 'orphaned')
    return [{ reason: ownership.reason, message: ownership.message }];
  if (ownership.state === 'unowned')
    return [{ reason: 'OrganizationNotFound', message: 'no organization is named' }];
  return [];
}

export function categoryProblems(
  reader: DashboardReader,
  category: OrganizationNamed,
): BoundaryProblem[] {
  return organizationProblems(reader, category);
}

/**
 * A dashboard may name only a category and a cluster of its own organization: a panel query
 * must never reach another organization's Prometheus, however the object was written.
 */
export function dashboardProblems(
  reader: DashboardReader,
  dashboard: Pick<DashboardObject, 'metadata' | 'spec'>,
): BoundaryProblem[] {
  const problems = organizationProblems(reader, dashboard);
  const org = dashboard.spec.organization;
  const category = reader.dashboardCategories.get(dashboard.spec.category);
  if (!category) {
    problems.push({
      reason: 'CategoryNotFound',
      message: `dashboard category ${dashboard.spec.category} does not exist`,
    });
  } else if (category.spec.organization !== org) {
    problems.push({
      reason: 'CategoryOutsideOrganization',
      message: `dashboard category ${dashboard.spec.category} belongs to organization ${category.spec.organization}, not to ${org}`,
    });
  }
  const cluster = reader.clusters.get(dashboard.spec.cluster);
  const owner = cluster && organizationOf(cluster, reader.organizations);
  if (!cluster) {
    problems.push({
      reason: 'ClusterNotFound',
      message: `cluster ${dashboard.spec.cluster} does not exist`,
    });
  } else if (owner !== org) {
    problems.push({
      reason: 'ClusterOutsideOrganization',
      message: `cluster ${dashboard.spec.cluster} belongs to organization ${owner ?? '(none)'}, not to ${org}; its panels are not queried`,
    });
  }
  return problems;
}

/** The problems as one verdict for the Valid condition (and an Event per problem). */
export function verdictOf(problems: readonly BoundaryProblem[], okMessage: string): Verdict {
  const [first] = problems;
  if (!first) return fine('ReferencesResolved', okMessage);
  return { ...wrong(first.reason, problems.map((p) => p.message).join('; ')), problems };
}
