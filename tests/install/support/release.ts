// The Helm release under test: charts/nimbus installed into the test-bed hub with the test bed's
// helm and kubectl, its pods on the hub's real node (hack/testbed/node/), reached from this
// machine at their pod IPs (one replica at a time) or through the Service's cluster IP.
import { spawnSync } from 'node:child_process';
import { get } from 'node:http';
import { fileURLToPath } from 'node:url';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { testEnv } from '../../support/env.js';
import { eventually } from '../../support/eventually.js';
import { kubectl } from '../../support/kubectl.js';
import type { KubectlResult } from '../../support/kubectl.js';

export const release = 'nimbus';
export const namespace = 'nimbus-system';
export const realNode = 'nimbus-hub-real-node';
export const selector = `app.kubernetes.io/instance=${release},app.kubernetes.io/name=nimbus`;
// The operator's Lease names are fixed, whatever the release is called.
export const leaderLease = 'nimbus-operator-leader';
export const initialAdminSecret = `${release}-initial-admin`;

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the install tier through \`make test\``);
  return value;
}

/** Values for the test bed written by hack/testbed/install-values.sh (node, volumes): no image. */
export const installValues = (): string => required('NIMBUS_INSTALL_VALUES');
/** The chart `make release` pushed to the test bed's registry: oci://<registry>/charts/nimbus. */
export const releasedChart = (): string => required('NIMBUS_RELEASE_CHART');
export const releasedVersion = (): string => required('NIMBUS_RELEASE_VERSION');
/** The image the released chart pins by default, <registry>/nimbus@sha256:… */
export const releasedImage = (): string => required('NIMBUS_RELEASE_IMAGE');
/** helm's flag for the test bed's registry, which is plain HTTP on loopback. */
export const plainHttp = ['--plain-http'];
/** The real nodes' address, where pods reach the member API servers (docs/testbed.md). */
export const nodeAddress = (): string => required('NIMBUS_NODE_HOST_IP');

export const hub = (args: string[], input?: string): KubectlResult =>
  kubectl(testEnv.hubKubeconfig, args, input);

export function hubJson<T>(args: string[]): T {
  const result = hub([...args, '-o', 'json']);
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as T;
}

/** Runs the test bed's helm against the hub; helm's state stays in .cache/helm. */
export function helm(args: string[]): KubectlResult {
  const cache = fileURLToPath(new URL('../../../.cache/helm', import.meta.url));
  const result = spawnSync(
    join(testEnv.testbedBin, 'helm'),
    ['--kubeconfig', testEnv.hubKubeconfig, '--namespace', namespace, ...args],
    {
      encoding: 'utf8',
      timeout: 600_000,
      env: {
        ...process.env,
        HELM_CACHE_HOME: join(cache, 'cache'),
        HELM_CONFIG_HOME: join(cache, 'config'),
        HELM_DATA_HOME: join(cache, 'data'),
      },
    },
  );
  if (result.error) throw result.error;
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/**
 * `helm upgrade` to the released chart from oci://, waiting for the rollout; `values` says which
 * values to keep (`--reuse-values`, `--reset-then-reuse-values`) and sets more.
 */
export function upgradeToReleased(values: string[]): KubectlResult {
  return helm([
    'upgrade',
    release,
    releasedChart(),
    '--version',
    releasedVersion(),
    ...plainHttp,
    ...values,
    '--wait',
    '--timeout',
    '5m',
  ]);
}

/** Runs a command in the release's pod `name`. */
export const execIn = (name: string, command: string[]): KubectlResult =>
  hub(['exec', '-n', namespace, name, '--', ...command]);

export interface Pod {
  metadata: { name: string; uid: string; deletionTimestamp?: string };
  spec: {
    nodeName?: string;
    containers: { name: string; image: string; env?: { name: string; value?: string }[] }[];
  };
  status: {
    phase: string;
    podIP?: string;
    conditions?: { type: string; status: string }[];
    containerStatuses?: { ready: boolean; started?: boolean; restartCount: number }[];
  };
}

export const podsOfRelease = (): Pod[] =>
  hubJson<{ items: Pod[] }>(['get', 'pods', '-n', namespace, '-l', selector]).items;

export const isReady = (pod: Pod): boolean =>
  !pod.metadata.deletionTimestamp &&
  pod.status.phase === 'Running' &&
  (pod.status.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');

/** The release's pods once `count` of them are Ready (whatever the probe found, for the assertion). */
export const readyPods = (pods: Pod[]): Pod[] => pods.filter(isReady);

/** http://<pod IP>:8080: one replica, bypassing the Service. */
export function replicaUrl(pod: Pod): string {
  if (!pod.status.podIP) throw new Error(`${pod.metadata.name} has no pod IP`);
  return `http://${pod.status.podIP}:8080`;
}

/** http://<cluster IP>:<port> of the release's Service, through kube-proxy on the real node. */
export function serviceUrl(): string {
  const service = hubJson<{ spec: { clusterIP: string; ports: { port: number }[] } }>([
    'get',
    'service',
    '-n',
    namespace,
    release,
  ]);
  return `http://${service.spec.clusterIP}:${service.spec.ports[0]?.port ?? 8080}`;
}

interface EndpointSlices {
  items: { endpoints?: { addresses: string[]; conditions?: { ready?: boolean } }[] }[];
}

/** The pod addresses the Service's EndpointSlices name as ready, sorted. */
const serviceEndpoints = (): string[] =>
  hubJson<EndpointSlices>([
    'get',
    'endpointslices',
    '-n',
    namespace,
    '-l',
    `kubernetes.io/service-name=${release}`,
  ])
    .items.flatMap((slice) => slice.endpoints ?? [])
    .filter((endpoint) => endpoint.conditions?.ready !== false)
    .flatMap((endpoint) => endpoint.addresses)
    .sort();

/**
 * One GET of /readyz on a connection of its own: `200`, or what came instead (the status, the
 * answering server and the body, or the error). Not through fetch's pool of kept-alive
 * connections: a connection opened before kube-proxy's rule for the ClusterIP exists is not
 * refused on these machines but answered, 404 by the sandbox's own HTTP server, and a kept-alive
 * one would carry every later probe there too (docs/testbed.md, "Addresses nothing serves").
 * A new connection each time is also what spreads the probes over the replicas.
 */
function readyzAnswer(base: string): Promise<string> {
  return new Promise((resolve) => {
    const request = get(new URL('/readyz', base), { agent: false, timeout: 10_000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('error', (error) => resolve(`error ${error.message}`));
      response.on('end', () => {
        const server = response.headers.server ? ` (server ${response.headers.server})` : '';
        resolve(
          response.statusCode === 200
            ? '200'
            : `${response.statusCode}${server} ${body.slice(0, 200)}`,
        );
      });
    });
    request.on('timeout', () => request.destroy(new Error('no answer within 10 s')));
    request.on('error', (error) => resolve(`error ${error.message}`));
  });
}

/**
 * Whether the Service answered /readyz with 200 this many times in a row; if not, its answers
 * up to the first other one, and each ready pod's own answer, for the failure message.
 */
async function answersThroughService(
  url: string,
  times: number,
  pods: readonly Pod[],
): Promise<{ routed: boolean; answers: string }> {
  const answers: string[] = [];
  for (let i = 0; i < times; i++) {
    answers.push(await readyzAnswer(url));
    if (answers.at(-1) !== '200') {
      const direct = await Promise.all(
        pods.map(async (pod) => `${pod.status.podIP} ${await readyzAnswer(replicaUrl(pod))}`),
      );
      return {
        routed: false,
        answers: `the Service answered ${answers.join(', ')}; the pods themselves ${direct.join(', ')}`,
      };
    }
  }
  return { routed: true, answers: '' };
}

/**
 * The Service's URL once it routes to the release's ready pods, and only to them. A pod turns
 * Ready before the endpoints controller lists it and kube-proxy programs its rule; until then a
 * connection to the ClusterIP is refused (or, before kube-proxy knows the Service at all,
 * answered by the sandbox: `readyzAnswer`), and just after a rollout it may still go to a
 * replaced pod. So: the EndpointSlices name exactly the ready pods, and then the Service
 * answers, several times in a row (it balances between the replicas). A failure says what the Service and each
 * pod answered last (two fresh-clone runs found the pods Ready and listed, and the Service
 * silent for minutes: docs/testing.md, "Where the time goes").
 */
export async function routedServiceUrl(): Promise<string> {
  const url = serviceUrl();
  const routablePods = () => readyPods(podsOfRelease()).filter((pod) => pod.status.podIP);
  const routed = await eventually(
    async () => {
      const ready = routablePods();
      const pods = ready.map((pod) => pod.status.podIP).sort();
      const listed = serviceEndpoints();
      const state = `pods ${pods.join(',') || 'none'}, endpoints ${listed.join(',') || 'none'}`;
      if (pods.length === 0 || pods.join(',') !== listed.join(',')) return state;
      const service = await answersThroughService(url, 6, ready);
      return service.routed ? 'routed' : `${state}; ${service.answers}`;
    },
    (state) => state === 'routed',
    120_000,
  );
  if (routed !== 'routed') {
    throw new Error(
      `the Service ${url} does not route to the release: ${routed}; ${kubeProxyState(url)}`,
    );
  }
  return url;
}

/**
 * For a Service that does not answer: kube-proxy's rules for its address (iptables' nat table,
 * as kube-proxy wrote it on the real node) and the warnings and errors it logged last.
 */
function kubeProxyState(url: string): string {
  const clusterIp = new URL(url).hostname;
  const nat = spawnSync('iptables-save', ['-t', 'nat'], { encoding: 'utf8' });
  const rules = (nat.stdout ?? '')
    .split('\n')
    .filter((line) => line.includes(`-d ${clusterIp}/32`));
  const log = join(dirname(testEnv.hubKubeconfig), 'node', 'nimbus-hub', 'logs', 'kube-proxy.log');
  const complaints = existsSync(log)
    ? readFileSync(log, 'utf8')
        .split('\n')
        .filter((line) => /^[EW]\d{4} /.test(line))
        .slice(-5)
    : [`no ${log}`];
  return [
    `kube-proxy's nat rules for ${clusterIp}: ${rules.join(' | ') || (nat.error?.message ?? 'none')}`,
    `its last warnings: ${complaints.join(' | ') || 'none'}`,
  ].join('; ');
}

export const leaseHolder = (): string | undefined => {
  const lease = hub([
    'get',
    'lease',
    '-n',
    namespace,
    leaderLease,
    '-o',
    'jsonpath={.spec.holderIdentity}',
  ]);
  return lease.status === 0 && lease.stdout ? lease.stdout : undefined;
};
