// The wizard's prefill: Services of a member that look like its Prometheus or Alertmanager, by
// the names the usual installations give them (kube-prometheus-stack, the Prometheus Operator,
// the prometheus and alertmanager charts, kube-prometheus, Rancher). Read with the registration's
// own credentials, as the connection test is: in the wizard the cluster is not registered yet,
// so no user of it exists in the member (docs/decisions/monitor-service-proxy.md).
import type { MonitorCandidate, ParsedClusterTest } from '@nimbus/api';
import type { MonitorType } from '@nimbus/api/shared';
import type { MemberRequester } from '../clusters/member-client.js';
import { MemberCallError } from '../clusters/member-client.js';
import type { ClusterServices } from '../clusters/registration.js';
import { memberForTest } from '../clusters/registration.js';
import { ApiError, errors } from '../core/errors.js';
import type { Identity } from '../identity/identity.js';

/** Service names of the usual installations, most common first. */
export const usualMonitorNames: Record<MonitorType, readonly string[]> = {
  Prometheus: [
    'prometheus',
    'prometheus-server',
    'prometheus-operated',
    'kube-prometheus-stack-prometheus',
    'prometheus-kube-prometheus-prometheus',
    'prometheus-k8s',
    'rancher-monitoring-prometheus',
  ],
  Alertmanager: [
    'alertmanager',
    'alertmanager-operated',
    'prometheus-alertmanager',
    'kube-prometheus-stack-alertmanager',
    'prometheus-kube-prometheus-alertmanager',
    'alertmanager-main',
    'rancher-monitoring-alertmanager',
  ],
};

const usualPorts: Record<MonitorType, number> = { Prometheus: 9090, Alertmanager: 9093 };
/** Port names the charts give the web port; others (reloader, mesh, grpc) are not the API. */
const webPortNames = new Set(['web', 'http-web', 'http', 'https', 'https-web']);

interface ServicePort {
  name?: string;
  port?: number;
  protocol?: string;
}
interface ServiceItem {
  metadata?: { name?: string; namespace?: string };
  spec?: { ports?: ServicePort[] };
}

function candidatesOf(type: MonitorType, item: ServiceItem): MonitorCandidate[] {
  const namespace = item.metadata?.namespace;
  const name = item.metadata?.name;
  if (!namespace || !name) return [];
  return (item.spec?.ports ?? [])
    .filter((p) => (p.protocol ?? 'TCP') === 'TCP' && typeof p.port === 'number')
    .filter((p) => p.port === usualPorts[type] || webPortNames.has(p.name ?? ''))
    .map((p) => ({
      type,
      namespace,
      name,
      port: p.port ?? 0,
      scheme: p.name?.startsWith('https') || p.port === 443 ? 'https' : 'http',
    }));
}

async function servicesNamed(member: MemberRequester, name: string): Promise<ServiceItem[]> {
  const selector = encodeURIComponent(`metadata.name=${name}`);
  const answer = await member.request({ path: `/api/v1/services?fieldSelector=${selector}` });
  if (answer.status !== 200) {
    const message = answer.json<{ message?: unknown }>().message;
    throw new ApiError(errors.clusterUnreachable, {
      message: `the cluster did not list its Services: ${typeof message === 'string' ? message : `HTTP ${answer.status}`}`,
    });
  }
  return answer.json<{ items?: ServiceItem[] }>().items ?? [];
}

/** POST manage/providers/:kind/clusters/:cluster/monitor-services. */
export async function discoverMonitorServices(
  services: ClusterServices,
  identity: Identity,
  kind: string,
  name: string,
  input: ParsedClusterTest,
): Promise<{ items: MonitorCandidate[] }> {
  const member = await memberForTest(services, identity, kind, name, input);
  const wanted = (Object.keys(usualMonitorNames) as MonitorType[]).flatMap((type) =>
    usualMonitorNames[type].map((service) => ({ type, service })),
  );
  try {
    const found = await Promise.all(
      wanted.map(async ({ type, service }) =>
        (await servicesNamed(member, service)).flatMap((item) => candidatesOf(type, item)),
      ),
    );
    return { items: found.flat() };
  } catch (error) {
    if (!(error instanceof MemberCallError)) throw error;
    throw new ApiError(errors.clusterUnreachable, {
      message: `cluster is unreachable: ${error.message}`,
      cause: error,
    });
  }
}
