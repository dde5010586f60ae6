// Which integration files may run at the same time (docs/testing.md "The integration tier in
// two lanes"). `make test` runs the files of `sideA` one after another while, in a second
// process, the rest (side-b) do the same; then the files of `alone`, one at a time, with nothing
// beside them. Every file has a run suffix and a prefix of its own for what it creates; these
// lists are for what they share beyond that.

/** Files that change the whole test bed while they run. */
const alone = [
  // Stop and start the operator under test; index-resilience also kills member-a's API server.
  'controllers',
  'index-resilience',
  // Stops member-b's API server for up to 30 s.
  'blackhole',
  // Compares member-a's whole projected grants before and after a restore.
  'backup-restore',
] as const;

/**
 * Files that read or change something another file of this list shares; one lane keeps them
 * apart. Files that share nothing fill it up to about half of the tier's time.
 */
const sideA = [
  // The fixed sample objects and a Cluster named member-a.
  'gitops-drift',
  'iam-samples',
  'iam-gitops',
  // identity-secrets sweeps the rate-limit Leases that identity-sessions checks.
  'identity-secrets',
  'identity-sessions',
  // index-watch scales the shared demo/web that these read.
  'index-watch',
  'pod-exec',
  'pod-logs',
  'testbed',
  'metrics',
  // nodes and org-boundaries add kwok nodes that testbed, clusters, cost and metrics count.
  'nodes',
  'org-boundaries',
  'clusters',
  'cost',
  // metrics reads the first demo pod that these change.
  'annotated-pods',
  'resources',
  // Share nothing: they balance the two lanes (measured in the run of 58d13ce).
  'registry-pull-secrets',
  'tracing',
  'namespaces',
  'audit',
  'alarms',
  // Shares nothing either; in 84da7a3's run side-b took 234 s with it and side-a 159 s.
  'shared-index-store',
] as const;

export const integrationLanes = { alone, sideA };
