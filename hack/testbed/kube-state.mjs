// The test bed's stand-in for kube-state-metrics and Prometheus' Kubernetes pod discovery, for one
// member (docs/testbed.md "Emulated series"). hack/testbed/monitoring.sh starts one per member.
//
//   node kube-state.mjs <member> <API server host:port> <pki dir> <textfile> <annotated dir>
//
// It lists and then watches the member's Nodes, Pods and Deployments (the index bench's namespace
// left out) and, a moment after each change, rewrites:
//   <textfile>                  kube_node_status_condition, kube_node_info,
//                               kube_node_spec_unschedulable, kube_pod_status_ready and the
//                               kube_deployment_* series, labelled testbed_member, for
//                               node-exporter's textfile collector
//   <annotated dir>/probe.json  file_sd targets: pods with prometheus.io/http-probe "true"
//   <annotated dir>/metrics.json  pods with prometheus.io/http-metric "true"
// A watch costs nothing while nothing changes; the kubectl loops it replaces started four
// processes every 5 s for the whole of a test run (about 105 CPU-seconds of `make test`).
import { readFileSync, renameSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { join } from 'node:path';

const [member, api, pki, textfile, annotatedDir] = process.argv.slice(2);
if (!member || !api || !pki || !textfile || !annotatedDir) {
  process.stderr.write(
    'usage: kube-state.mjs <member> <host:port> <pki dir> <textfile> <annotated dir>\n',
  );
  process.exit(2);
}

const [host, port] = [
  api.slice(0, api.lastIndexOf(':')),
  Number(api.slice(api.lastIndexOf(':') + 1)),
];
const agent = new Agent({
  keepAlive: true,
  ca: readFileSync(join(pki, 'ca.crt')),
  cert: readFileSync(join(pki, 'admin.crt')),
  key: readFileSync(join(pki, 'admin.key')),
});
// The index bench's namespace (bench/lib/seed.ts), up to half a million Pods per member: as a
// kubectl loop listing every Pod every few seconds, that size took more than a core.
const unmonitored = 'fieldSelector=' + encodeURIComponent('metadata.namespace!=nimbus-bench');
const log = (message) => process.stderr.write(`[kube-state ${member}] ${message}\n`);

/** What each kind keeps of an object: only the fields the series and targets read. */
const kinds = {
  nodes: {
    path: '/api/v1/nodes',
    query: '',
    keep: (node) => ({
      name: node.metadata.name,
      conditions: (node.status?.conditions ?? []).map((c) => ({ type: c.type, status: c.status })),
      info: node.status?.nodeInfo ?? {},
      unschedulable: Boolean(node.spec?.unschedulable),
    }),
  },
  pods: {
    path: '/api/v1/pods',
    query: unmonitored,
    keep: (pod) => ({
      namespace: pod.metadata.namespace,
      name: pod.metadata.name,
      podIP: pod.status?.podIP ?? '',
      annotations: pod.metadata.annotations ?? {},
      // kube-state-metrics: no Ready condition counts as not ready.
      ready: (pod.status?.conditions ?? []).find((c) => c.type === 'Ready')?.status ?? 'False',
    }),
  },
  deployments: {
    path: '/apis/apps/v1/deployments',
    query: unmonitored,
    keep: (deployment) => ({
      namespace: deployment.metadata.namespace,
      name: deployment.metadata.name,
      spec: deployment.spec?.replicas ?? 0,
      replicas: deployment.status?.replicas ?? 0,
      available: deployment.status?.availableReplicas ?? 0,
      unavailable: deployment.status?.unavailableReplicas ?? 0,
      updated: deployment.status?.updatedReplicas ?? 0,
    }),
  },
};
const state = Object.fromEntries(Object.keys(kinds).map((kind) => [kind, new Map()]));
const synced = new Set();

const sorted = (map) =>
  [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
const quote = (value) =>
  `"${String(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
const labels = (pairs) =>
  `{${[['testbed_member', member], ...pairs].map(([k, v]) => `${k}=${quote(v)}`).join(',')}}`;

function textfileSeries() {
  const nodes = sorted(state.nodes);
  const pods = sorted(state.pods);
  const deployments = sorted(state.deployments);
  const lines = [];
  // The text format wants a family's samples together: one loop per family.
  for (const node of nodes) {
    for (const c of node.conditions) {
      for (const [status, want] of [
        ['true', 'True'],
        ['false', 'False'],
        ['unknown', 'Unknown'],
      ]) {
        const set = labels([
          ['node', node.name],
          ['condition', c.type],
          ['status', status],
        ]);
        lines.push(`kube_node_status_condition${set} ${c.status === want ? 1 : 0}`);
      }
    }
  }
  for (const node of nodes) {
    const {
      kubeletVersion = '',
      osImage = '',
      kernelVersion = '',
      containerRuntimeVersion = '',
    } = node.info;
    const set = labels([
      ['node', node.name],
      ['kubelet_version', kubeletVersion],
      ['os_image', osImage],
      ['kernel_version', kernelVersion],
      ['container_runtime_version', containerRuntimeVersion],
    ]);
    lines.push(`kube_node_info${set} 1`);
  }
  for (const node of nodes)
    lines.push(
      `kube_node_spec_unschedulable${labels([['node', node.name]])} ${node.unschedulable ? 1 : 0}`,
    );
  for (const [condition, want] of [
    ['true', 'True'],
    ['false', 'False'],
  ]) {
    for (const pod of pods) {
      const set = labels([
        ['namespace', pod.namespace],
        ['pod', pod.name],
        ['condition', condition],
      ]);
      lines.push(`kube_pod_status_ready${set} ${pod.ready === want ? 1 : 0}`);
    }
  }
  const deploymentFamilies = [
    ['kube_deployment_spec_replicas', 'spec'],
    ['kube_deployment_status_replicas', 'replicas'],
    ['kube_deployment_status_replicas_available', 'available'],
    ['kube_deployment_status_replicas_unavailable', 'unavailable'],
    ['kube_deployment_status_replicas_updated', 'updated'],
  ];
  for (const [name, field] of deploymentFamilies) {
    for (const d of deployments) {
      lines.push(
        `${name}${labels([
          ['namespace', d.namespace],
          ['deployment', d.name],
        ])} ${d[field]}`,
      );
    }
  }
  const now = Math.floor(Date.now() / 1000);
  lines.push(`testbed_kube_state_last_success_timestamp_seconds${labels([])} ${now}`);
  return lines.join('\n') + '\n';
}

/** file_sd target groups of the pods whose annotation is "true" (an empty one takes the default). */
function targets(annotation, target, extra) {
  return sorted(state.pods)
    .filter((pod) => pod.podIP && pod.annotations[annotation] === 'true')
    .map((pod) => {
      const a = (name, fallback) => pod.annotations[name] || fallback;
      return {
        targets: [target(pod, a)],
        labels: { namespace: pod.namespace, pod: pod.name, ...extra(a) },
      };
    });
}

const probeTargets = () =>
  targets(
    'prometheus.io/http-probe',
    (pod, a) =>
      `http://${pod.podIP}:${a('prometheus.io/port', '8080')}${a('prometheus.io/path', '/probe')}`,
    () => ({}),
  );
const metricsTargets = () =>
  targets(
    'prometheus.io/http-metric',
    (pod, a) => `${pod.podIP}:${a('prometheus.io/port', '8080')}`,
    (a) => ({
      __metrics_path__: a('prometheus.io/path', '/metrics'),
      __scheme__: a('prometheus.io/scheme', 'http'),
    }),
  );

/** Written aside and renamed: Prometheus and node-exporter never read half a file. */
function replace(file, text) {
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
}

function render() {
  // Until every kind has been listed once the files keep what they had: a part would read as
  // objects gone.
  if (synced.size < Object.keys(kinds).length) return;
  replace(textfile, textfileSeries());
  replace(join(annotatedDir, 'probe.json'), JSON.stringify(probeTargets()) + '\n');
  replace(join(annotatedDir, 'metrics.json'), JSON.stringify(metricsTargets()) + '\n');
}
let renderTimer;
const renderSoon = () => {
  renderTimer ??= setTimeout(() => {
    renderTimer = undefined;
    render();
  }, 100);
};

function get(path) {
  return new Promise((resolve, reject) => {
    const req = request({ host, port, path, agent }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`GET ${path}: HTTP ${res.statusCode}`));
        return;
      }
      resolve(res);
    });
    req.setTimeout(10_000, () => req.destroy(new Error(`GET ${path}: no answer in 10 s`)));
    req.on('error', reject);
    req.end();
  });
}

async function list(kind) {
  const { path, query, keep } = kinds[kind];
  const res = await get(`${path}?${query}`);
  let body = '';
  res.setEncoding('utf8');
  for await (const chunk of res) body += chunk;
  const parsed = JSON.parse(body);
  const objects = new Map();
  for (const item of parsed.items)
    objects.set(`${item.metadata.namespace ?? ''}/${item.metadata.name}`, keep(item));
  state[kind] = objects;
  synced.add(kind);
  renderSoon();
  return parsed.metadata.resourceVersion;
}

/** Follows one watch until it ends; returns the last resourceVersion, or undefined to relist. */
async function watch(kind, resourceVersion) {
  const { path, query, keep } = kinds[kind];
  const params = `${query}${query ? '&' : ''}watch=1&allowWatchBookmarks=true&timeoutSeconds=300&resourceVersion=${resourceVersion}`;
  const res = await get(`${path}?${params}`);
  // A watch may stay quiet for minutes; the timeout above guards only its start.
  res.socket?.setTimeout(0);
  res.setEncoding('utf8');
  let buffered = '';
  let last = resourceVersion;
  for await (const chunk of res) {
    buffered += chunk;
    let newline;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      if (!line.trim()) continue;
      const event = JSON.parse(line);
      if (event.type === 'ERROR') return undefined; // 410 Gone and the like: list again.
      last = event.object.metadata.resourceVersion;
      if (event.type === 'BOOKMARK') continue;
      const key = `${event.object.metadata.namespace ?? ''}/${event.object.metadata.name}`;
      if (event.type === 'DELETED') state[kind].delete(key);
      else state[kind].set(key, keep(event.object));
      renderSoon();
    }
  }
  return last;
}

async function follow(kind) {
  let failing = false;
  for (;;) {
    try {
      let resourceVersion = await list(kind);
      if (failing) log(`${kind}: listed again`);
      failing = false;
      while (resourceVersion !== undefined) resourceVersion = await watch(kind, resourceVersion);
    } catch (error) {
      // A member restarting or stopped: the files keep their last contents (its timestamp gauge
      // tells how old) until it answers again. Retried every second, logged once.
      synced.delete(kind);
      if (!failing) log(`${kind}: ${error.message}; retrying every second`);
      failing = true;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

mkdirSync(annotatedDir, { recursive: true });
for (const file of ['probe.json', 'metrics.json']) {
  if (!existsSync(join(annotatedDir, file))) writeFileSync(join(annotatedDir, file), '[]\n');
}
const stop = () => {
  for (const file of [
    textfile,
    join(annotatedDir, 'probe.json'),
    join(annotatedDir, 'metrics.json'),
  ]) {
    rmSync(`${file}.tmp`, { force: true });
  }
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// The timestamp gauge says how fresh the series are; while nothing changes it is rewritten.
setInterval(() => {
  if (synced.size === Object.keys(kinds).length) replace(textfile, textfileSeries());
}, 15_000).unref();
for (const kind of Object.keys(kinds)) void follow(kind);
