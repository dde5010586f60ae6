// The series an operator of a Kubernetes controller watches (docs/metrics.md): reconciles and
// work queues per controller, the leader, member and vendor calls, sign-in failures and the
// build. One process-wide registry, because the controllers, the member transport and the vendor
// adapters are built long before (and apart from) the HTTP app whose /metrics serves it; the
// metrics app merges it with the app's own registry at every scrape.
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

export const operatorRegistry = new Registry();
const registers = [operatorRegistry];

/** Seconds, from 5 ms to a minute: reconciles and member calls both fall in that range. */
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export const reconcileTotal = new Counter({
  name: 'nimbus_controller_reconcile_total',
  help: 'Reconciles run, by controller and result (success, error, requeue).',
  labelNames: ['controller', 'result'] as const,
  registers,
});

export const reconcileErrors = new Counter({
  name: 'nimbus_controller_reconcile_errors_total',
  help: 'Reconciles that failed (and were retried with backoff), by controller.',
  labelNames: ['controller'] as const,
  registers,
});

export const reconcileDuration = new Histogram({
  name: 'nimbus_controller_reconcile_duration_seconds',
  help: 'Time one reconcile of one key took, by controller.',
  labelNames: ['controller'] as const,
  buckets: durationBuckets,
  registers,
});

/** The running controllers' queues, read at scrape time so the depth never drifts. */
const queueDepths = new Map<string, () => number>();

export const workqueueDepth = new Gauge({
  name: 'nimbus_workqueue_depth',
  help: 'Keys waiting in the work queue of a controller (not yet being reconciled).',
  labelNames: ['controller'] as const,
  registers,
  collect() {
    this.reset();
    for (const [controller, depth] of queueDepths) this.set({ controller }, depth());
  },
});

/** Reports a controller's queue depth until the returned function is called (leadership ends). */
export function trackQueueDepth(controller: string, depth: () => number): () => void {
  queueDepths.set(controller, depth);
  return () => {
    if (queueDepths.get(controller) === depth) queueDepths.delete(controller);
  };
}

export const workqueueAdds = new Counter({
  name: 'nimbus_workqueue_adds_total',
  help: 'Keys added to the work queue of a controller (a key already waiting counts once).',
  labelNames: ['controller'] as const,
  registers,
});

export const workqueueQueueDuration = new Histogram({
  name: 'nimbus_workqueue_queue_duration_seconds',
  help: 'How long a key waited in the work queue before its reconcile started, by controller.',
  labelNames: ['controller'] as const,
  buckets: durationBuckets,
  registers,
});

export const leader = new Gauge({
  name: 'nimbus_leader',
  help: '1 while this replica holds the leader Lease (and runs the controllers), else 0.',
  labelNames: ['lease'] as const,
  registers,
});

export const memberRequestDuration = new Histogram({
  name: 'nimbus_member_request_duration_seconds',
  help: 'Calls to member API servers until their answer was read (streams: until the headers), by cluster, method and status code (0: no answer).',
  labelNames: ['cluster', 'method', 'code'] as const,
  buckets: durationBuckets,
  registers,
});

export const memberRequestErrors = new Counter({
  name: 'nimbus_member_request_errors_total',
  help: 'Calls to member API servers that got no answer, by cluster and reason (timeout, network, tls, too-large).',
  labelNames: ['cluster', 'reason'] as const,
  registers,
});

export const vendorApiErrors = new Counter({
  name: 'nimbus_vendor_api_errors_total',
  help: 'Calls to cloud vendor APIs that failed (unreachable, unreadable or refused answers), by vendor.',
  labelNames: ['vendor'] as const,
  registers,
});

export const signInFailures = new Counter({
  name: 'nimbus_signin_failures_total',
  help: 'Refused sign-ins, by reason (credentials: wrong user or password, mfa: wrong or reused code, throttled: too many attempts).',
  labelNames: ['reason'] as const,
  registers,
});

export const buildInfo = new Gauge({
  name: 'nimbus_build_info',
  help: 'Always 1; the labels name the running build.',
  labelNames: ['version', 'revision', 'nodejs_version'] as const,
  registers,
});

/** Marks the running build once at start (revision from the image's NIMBUS_REVISION, if any). */
export function recordBuild(version: string, revision: string | undefined): void {
  buildInfo.reset();
  buildInfo.set(
    { version, revision: revision ?? 'unknown', nodejs_version: process.versions.node },
    1,
  );
}

interface ClusterLike {
  metadata: { name: string };
  status?: { conditions?: readonly { type: string; status: string }[] } | undefined;
}

/** Reads the Cluster objects at scrape time: 1 per Ready member, 0 per other. */
export function trackClusters(list: () => readonly ClusterLike[]): void {
  new Gauge({
    name: 'nimbus_cluster_ready',
    help: 'Whether a registered member cluster is Ready (1) or not (0), from its Ready condition.',
    labelNames: ['cluster'] as const,
    registers,
    collect() {
      this.reset();
      for (const cluster of list()) {
        const ready = cluster.status?.conditions?.some(
          (c) => c.type === 'Ready' && c.status === 'True',
        );
        this.set({ cluster: cluster.metadata.name }, ready ? 1 : 0);
      }
    },
  });
}

/**
 * `renewal`: `manual` for a credential a person replaces (a kubeconfig's client certificate or
 * expiring token), `automatic` for one Nimbus renews itself (a vendor-issued token or
 * certificate, a command-registered cluster's agent token). docs/metrics.md.
 */
export const memberCredentialExpiry = new Gauge({
  name: 'nimbus_member_credential_expiry_timestamp_seconds',
  help: 'Unix time at which the credential (client certificate or token) Nimbus uses for a member cluster expires; renewal: manual (a person replaces it) or automatic (Nimbus renews it).',
  labelNames: ['cluster', 'renewal'] as const,
  registers,
});
