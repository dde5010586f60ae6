// The test tiers answer their commonest kubectl commands with the request kubectl itself makes
// (support/kubectl-over-https.ts). Here each such command is run both ways against the test bed's
// API servers: the answers must be kubectl's, and must not quietly come from kubectl.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEnv } from '../support/env.js';
import { kubectlProcess, type KubectlResult } from '../support/kubectl-process.js';
import { kubectlOverHttps } from '../support/kubectl-https/answer.js';
import { memberKubeconfig } from '../support/members.js';

const suffix = `kh${Date.now().toString(36)}`;
const namespace = suffix;
const label = `nimbus.io/kubectl-over-https=${suffix}`;

const member = () => memberKubeconfig('member-b');
const hub = () => testEnv.hubKubeconfig;

function bothWays(
  kubeconfig: string,
  args: string[],
): { fast: KubectlResult; slow: KubectlResult } {
  const fast = kubectlOverHttps(kubeconfig, args);
  // undefined would mean kubectl answered after all: the point of the helper is lost.
  expect(fast, `answered without kubectl: ${args.join(' ')}`).toBeDefined();
  return { fast: fast as KubectlResult, slow: kubectlProcess(kubeconfig, args) };
}

function mustSucceed(result: KubectlResult): void {
  if (result.status !== 0) throw new Error(result.stderr);
}

beforeAll(() => {
  mustSucceed(kubectlProcess(member(), ['create', 'namespace', namespace]));
  const configMap = (name: string, labelled: boolean) => ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: {
      name,
      namespace,
      ...(labelled ? { labels: { 'nimbus.io/kubectl-over-https': suffix } } : {}),
    },
    data: { name },
  });
  const objects = [configMap('a', true), configMap('b', true), configMap('c', false)];
  for (const name of ['gone-fast', 'gone-slow']) objects.push(configMap(name, false));
  mustSucceed(
    kubectlProcess(
      member(),
      ['apply', '-f', '-'],
      JSON.stringify({ apiVersion: 'v1', kind: 'List', items: objects }),
    ),
  );
  for (const name of [`${suffix}-fast`, `${suffix}-slow`])
    mustSucceed(kubectlProcess(member(), ['create', 'namespace', name]));
});

afterAll(() => {
  kubectlProcess(member(), [
    'delete',
    'namespace',
    namespace,
    '--ignore-not-found',
    '--wait=false',
  ]);
});

describe('kubectl get -o json over HTTPS', () => {
  const onMember: string[][] = [
    ['get', 'configmap', 'a', '-n', namespace, '-o', 'json'],
    ['-n', namespace, 'get', 'ConfigMap', 'b', '-o', 'json'],
    ['get', 'cm', '-n', namespace, '-l', label, '-o', 'json'],
    ['get', 'configmaps', '-A', '-l', label, '-o', 'json'],
    ['get', 'configmaps', '-n', namespace, '--field-selector', 'metadata.name=c', '-o', 'json'],
    ['get', 'leases', '-n', namespace, '-o', 'json'],
    ['get', 'namespace', namespace, '-o', 'json'],
    [
      'get',
      'clusterroles.rbac.authorization.k8s.io',
      '-l',
      'kubernetes.io/bootstrapping=rbac-defaults',
      '-o',
      'json',
    ],
  ];
  it.each(onMember)('answers a member `kubectl %s …` as kubectl does', (...args) => {
    const { fast, slow } = bothWays(member(), args);
    expect(slow.status).toBe(0);
    expect(fast.status).toBe(0);
    expect(fast.stdout).toBe(slow.stdout);
  });

  it.each([
    ['get', 'crd', 'users.nimbus.io', '-o', 'json'],
    [
      'get',
      'customresourcedefinition.v1.apiextensions.k8s.io',
      'organizations.nimbus.io',
      '-o',
      'json',
    ],
  ])('answers a hub `kubectl %s %s %s` as kubectl does', (...args) => {
    const { fast, slow } = bothWays(hub(), args);
    expect(slow.status).toBe(0);
    expect(fast.stdout).toBe(slow.stdout);
  });

  it.each([
    ['get', 'configmaps', '-n', namespace, '-o', 'name'],
    ['get', 'configmap', 'a', '-n', namespace, '-o', 'name', '--ignore-not-found'],
    ['get', 'clusterroles.rbac.authorization.k8s.io', 'admin', '-o', 'name'],
    ['get', 'configmap', 'nothing', '-n', namespace, '-o', 'name', '--ignore-not-found'],
    ['get', 'configmap', 'nothing', '-n', namespace, '-o', 'json', '--ignore-not-found'],
    ['get', 'configmaps', '-n', namespace, '-l', 'none=x', '-o', 'json', '--ignore-not-found'],
  ])('prints `kubectl %s %s %s …` as kubectl does', (...args) => {
    const { fast, slow } = bothWays(member(), args);
    expect(slow.status).toBe(0);
    expect(fast).toEqual(slow);
  });

  it('says what kubectl says of an object that is not there', () => {
    for (const args of [
      ['get', 'configmap', 'nothing', '-n', namespace, '-o', 'json'],
      ['get', 'users.nimbus.io', `${suffix}-nobody`, '-o', 'name'],
    ]) {
      const kubeconfig = args[1] === 'users.nimbus.io' ? hub() : member();
      const { fast, slow } = bothWays(kubeconfig, args);
      expect(slow.status).toBe(1);
      expect(fast).toEqual(slow);
    }
  });

  it('leaves to kubectl what it does not read the same way', () => {
    for (const args of [
      ['get', 'configmaps,secrets', '-n', namespace, '-o', 'json'],
      ['get', 'configmap/a', '-n', namespace, '-o', 'json'],
      ['get', 'configmap', 'a', '-n', namespace, '-o', 'yaml'],
      ['get', 'configmap', 'a', 'b', '-n', namespace, '-o', 'json'],
      ['get', 'configmap', 'a', '-n', namespace, '-o', 'json', '--show-managed-fields'],
      ['get', 'no-such-type', '-o', 'json'],
      ['get', 'configmaps', '-n', '', '-o', 'json'],
      ['apply', '-f', '-'],
    ])
      expect(kubectlOverHttps(member(), args), args.join(' ')).toBeUndefined();
  });
});

/** Deletes the `fast` one without kubectl and the `slow` one with it: both must read alike. */
function deletesAlike(command: (which: 'fast' | 'slow') => string[]): void {
  const fast = kubectlOverHttps(member(), command('fast'));
  const slow = kubectlProcess(member(), command('slow'));
  expect(slow.status).toBe(0);
  expect(fast).toEqual({ ...slow, stdout: slow.stdout.replaceAll('slow', 'fast') });
}

describe('kubectl delete over HTTPS', () => {
  it('deletes as kubectl does, and says the same', () => {
    deletesAlike((which) => ['delete', 'configmap', `gone-${which}`, '-n', namespace]);
    const left = kubectlProcess(member(), ['get', 'configmaps', '-n', namespace, '-o', 'name']);
    expect(left.stdout.split('\n')).not.toContain('configmap/gone-fast');
  });

  it('says the same of a cluster-scoped object not waited for', () => {
    deletesAlike((which) => ['delete', 'namespace', `${suffix}-${which}`, '--wait=false']);
  });

  it('deletes what a selector picks as kubectl does', () => {
    const label = 'nimbus.io/kubectl-over-https-delete';
    const labelled = (value: string) => ({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: `picked-${value}`, namespace, labels: { [label]: value } },
    });
    const items = [labelled('fast'), labelled('slow')];
    const list = JSON.stringify({ apiVersion: 'v1', kind: 'List', items });
    mustSucceed(kubectlProcess(member(), ['apply', '-f', '-'], list));
    deletesAlike((which) => ['delete', 'configmaps', '-n', namespace, '-l', `${label}=${which}`]);
    for (const args of [
      ['delete', 'configmaps', '-n', namespace, '-l', `${label}=none`],
      ['delete', 'configmaps', '-n', namespace, '-l', `${label}=none`, '--ignore-not-found'],
    ]) {
      const both = bothWays(member(), args);
      expect(both.fast, args.join(' ')).toEqual(both.slow);
    }
  });

  it('ignores, or reports, an object that is not there as kubectl does', () => {
    for (const args of [
      ['delete', 'configmap', 'nothing', '-n', namespace, '--ignore-not-found'],
      ['delete', 'configmap', 'nothing', '-n', namespace],
      ['delete', 'users.nimbus.io', `${suffix}-nobody`, '--ignore-not-found', '--wait=false'],
    ]) {
      const kubeconfig = args[1] === 'users.nimbus.io' ? hub() : member();
      const { fast, slow } = bothWays(kubeconfig, args);
      expect(fast, args.join(' ')).toEqual(slow);
    }
  });
});

describe('kubectl auth can-i over HTTPS', () => {
  it.each([
    ['auth', 'can-i', 'get', 'pods', '-n', namespace],
    ['auth', 'can-i', 'list', 'deployments.apps', '-A'],
    ['auth', 'can-i', 'get', 'pods', '--as', `${suffix}-nobody`],
    ['auth', 'can-i', 'get', 'nodes', '--as', `${suffix}-nobody`],
    ['auth', 'can-i', 'list', 'clusterroles.rbac.authorization.k8s.io', '-A'],
    [
      'auth',
      'can-i',
      'create',
      'pods',
      '--subresource=exec',
      '-n',
      namespace,
      '--as',
      `${suffix}-nobody`,
    ],
  ])('answers `kubectl %s %s %s %s …` as kubectl does', (...args) => {
    const { fast, slow } = bothWays(member(), args);
    expect(fast).toEqual(slow);
  });
});

describe('kubectl apply of new objects over HTTPS', () => {
  const made = (which: string) => `${suffix}-applied-${which}`;
  // A namespaced object in the kubeconfig's namespace (none given), one in a namespace, and a
  // cluster-scoped one of an API group; text that Go's encoder escapes in the record.
  const manifests = (which: string) => [
    {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: made(which), labels: { b: '2', a: '1' } },
      data: { z: '<&>', a: 'x' },
    },
    {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: made(which), namespace, annotations: { note: 'kept' } },
      stringData: { password: 'p' },
    },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: { name: made(which) },
      rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['get'] }],
    },
  ];
  const asList = (items: unknown[]) => JSON.stringify({ apiVersion: 'v1', kind: 'List', items });
  const stored = (which: string) =>
    [
      ['get', 'configmap', made(which), '-n', 'default'],
      ['get', 'secret', made(which), '-n', namespace],
      ['get', 'clusterrole', made(which)],
    ].map((args) => {
      const object = JSON.parse(
        kubectlProcess(member(), [...args, '-o', 'json', '--show-managed-fields']).stdout,
      ) as {
        metadata: {
          annotations?: Record<string, string>;
          labels?: Record<string, string>;
          managedFields?: Array<{ manager: string; operation: string; fieldsV1: unknown }>;
        };
        data?: unknown;
      };
      return {
        annotations: object.metadata.annotations,
        labels: object.metadata.labels,
        managedFields: object.metadata.managedFields?.map(({ manager, operation, fieldsV1 }) => ({
          manager,
          operation,
          fieldsV1,
        })),
        data: object.data,
      };
    });

  afterAll(() => {
    kubectlProcess(member(), ['delete', 'configmap', made('fast'), made('slow'), '-n', 'default']);
    kubectlProcess(member(), ['delete', 'clusterrole', made('fast'), made('slow')]);
  });

  it('creates as kubectl does: the same record of what was applied, the same field manager', () => {
    const fast = kubectlOverHttps(member(), ['apply', '-f', '-'], asList(manifests('fast')));
    const slow = kubectlProcess(member(), ['apply', '-f', '-'], asList(manifests('slow')));
    expect(slow.status).toBe(0);
    expect(fast).toEqual({ ...slow, stdout: slow.stdout.replaceAll('slow', 'fast') });
    const madeSlow = JSON.stringify(stored('slow')).replaceAll(made('slow'), made('fast'));
    expect(stored('fast')).toEqual(JSON.parse(madeSlow));
  });

  it('leaves what kubectl made the same way to a later kubectl apply', () => {
    // A label and a key dropped: kubectl's three-way merge removes them only through the record.
    const changed = (which: string) =>
      manifests(which).map((manifest) =>
        manifest.kind === 'ConfigMap'
          ? { ...manifest, metadata: { name: made(which), labels: { a: '1' } }, data: { a: 'y' } }
          : manifest,
      );
    for (const which of ['fast', 'slow'])
      mustSucceed(kubectlProcess(member(), ['apply', '-f', '-'], asList(changed(which))));
    const [configMap] = stored('fast');
    expect(configMap).toMatchObject({ labels: { a: '1' }, data: { a: 'y' } });
    const madeSlow = JSON.stringify(stored('slow')).replaceAll(made('slow'), made('fast'));
    expect(stored('fast')).toEqual(JSON.parse(madeSlow));
  });

  it('leaves to kubectl an input with an object that exists, and YAML', () => {
    const existing = asList([...manifests('fast'), ...manifests('other')]);
    expect(kubectlOverHttps(member(), ['apply', '-f', '-'], existing)).toBeUndefined();
    const left = kubectlProcess(member(), ['get', 'clusterrole', made('other'), '-o', 'name']);
    expect(left.status).toBe(1);
    const yaml = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n';
    expect(kubectlOverHttps(member(), ['apply', '-f', '-'], yaml)).toBeUndefined();
  });
});
