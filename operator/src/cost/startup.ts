import type { ClusterConnector } from '../clusters/connector.js';
import type { Config } from '../config.js';
import type { CronScheduledJob } from '../controllers/cron-jobs.js';
import { realClock } from '../core/clock.js';
import type { HubStore } from '../hub/store.js';
import type { IndexReader } from '../index/reader.js';
import { costRollupJob } from './rollup-job.js';
import type { RollupStore } from './rollup-store.js';
import { prometheusUsage } from './usage.js';

/** The leader's cost sampling job (Lease holder only), reading the index this replica keeps. */
export function costJob(options: {
  config: Pick<Config, 'outboundAllowHosts' | 'costSampleSeconds'>;
  store: HubStore;
  rollups: RollupStore;
  index: () => IndexReader | undefined;
  /** The member transports the Prometheus service proxies go through. */
  connector?: Pick<ClusterConnector, 'for'>;
}): CronScheduledJob {
  const { config, store } = options;
  return costRollupJob({
    clusters: { list: () => store.clusters.list() },
    index: options.index,
    rollups: options.rollups,
    usage: prometheusUsage({
      policy: { allowHosts: config.outboundAllowHosts },
      ...(options.connector ? { connector: options.connector } : {}),
    }),
    clock: realClock,
    sampleSeconds: config.costSampleSeconds,
  });
}
