import { hostname } from 'node:os';
import type { KubeConfig } from '@kubernetes/client-node';
import type { Logger } from '../logger.js';
import { hubEventSink } from './event-sink.js';
import { createEventRecorder } from './events.js';
import { createLeaderElector } from './leader-election.js';
import type { Manager } from './manager.js';
import { createManager } from './manager.js';

export interface OperatorRuntimeOptions {
  kubeConfig: KubeConfig;
  /** The operator's namespace: the Lease lives there. */
  namespace: string;
  /** The pod name; a local process is known by host and pid. */
  podName: string | undefined;
  logger: Logger;
  /** The Lease's duration and the leader's renew deadline (the configuration's). */
  leaderElection?: { leaseDurationMs: number; renewDeadlineMs: number };
  /** DESIGN.md: a replica that loses the Lease exits, and starts afresh as a follower. */
  onLostLeadership?: () => void;
}

/** The operator's one manager: the Lease nimbus-operator-leader, Events into the hub. */
export function createOperatorRuntime(options: OperatorRuntimeOptions): Manager {
  const { kubeConfig, logger } = options;
  const identity = options.podName ?? `${hostname()}-${process.pid}`;
  return createManager({
    elector: createLeaderElector({
      kubeConfig,
      namespace: options.namespace,
      identity,
      ...(options.leaderElection && { leaseDurationMs: options.leaderElection.leaseDurationMs }),
    }),
    ...(options.leaderElection && { renewDeadlineMs: options.leaderElection.renewDeadlineMs }),
    events: createEventRecorder({ sink: hubEventSink(kubeConfig), logger, instance: identity }),
    logger,
    onLostLeadership:
      options.onLostLeadership ??
      (() => {
        logger.fatal('leadership lost: exiting so that a fresh process joins as a follower');
        process.exit(1);
      }),
  });
}
