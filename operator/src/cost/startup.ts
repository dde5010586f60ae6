import type { Config } from '../config.js';
import type { CronScheduledJob } from '../controllers/cron-jobs.js';
import { realClock } from '../core/clock.js';
import type { HubStore } from '../hub/store.js';
import type { IndexStore } from '../index/store.js';
import { costRollupJob } from './rollup-job.js';
import { prometheusUsage } from './usage.js';

/** The leader's cost sampling job (Lease holder only), reading the index this replica keeps. */
export function costJob(options: {
  config: Pick<Config, 'outboundAllowHosts' | 'costSampleSeconds'>;
  store: HubStore;
  index: () => IndexStore | undefined;
}): CronScheduledJob {
  const { config, store } = options;
  return costRollupJob({
    clusters: { list: () => store.clusters.list() },
    index: options.index,
    rollups: store.costRollups,
    usage: prometheusUsage(store, { allowHosts: config.outboundAllowHosts }),
    clock: realClock,
    sampleSeconds: config.costSampleSeconds,
  });
}
