// The chart's other install options (an existing session key or CA Secret, a Gateway API route,
// the values schema) and the documented CRD upgrade step, against the test-bed hub.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  chart,
  env,
  only,
  operatorEnv,
  podSpecOf,
  render,
  run,
  template,
  type Manifest,
} from './render.js';

describe('other options', () => {
  it('mounts an existing session key Secret and names it, so the operator never creates one', () => {
    const manifests = render(['--set', 'sessionSigningKey.existingSecret=my-key']);
    expect(operatorEnv(manifests)).toMatchObject({
      NIMBUS_SESSION_KEY_FILE: '/var/run/secrets/nimbus.io/session/signing-key',
      NIMBUS_SESSION_KEY_SECRET: 'my-key',
    });
    expect(podSpecOf(manifests).volumes).toContainEqual({
      name: 'session-key',
      secret: {
        secretName: 'my-key',
        items: [{ key: 'signing-key', path: 'signing-key' }],
        defaultMode: 0o440,
      },
    });
  });

  it('takes the extra CAs from an existing Secret, and refuses two sources', () => {
    const manifests = render([
      '--set',
      'extraCACertificates.existingSecret=corp-ca',
      '--set',
      'extraCACertificates.key=bundle.pem',
    ]);
    expect(podSpecOf(manifests).volumes).toContainEqual({
      name: 'extra-ca',
      secret: { secretName: 'corp-ca', items: [{ key: 'bundle.pem', path: 'bundle.pem' }] },
    });
    expect(operatorEnv(manifests).NODE_EXTRA_CA_CERTS).toBe('/etc/nimbus/extra-ca/bundle.pem');
    const both = template([
      '--set',
      'extraCACertificates.existingSecret=corp-ca',
      '--set',
      'extraCACertificates.existingConfigMap=corp-ca',
    ]);
    expect(both.status).not.toBe(0);
    expect(both.stderr).toContain('set only one of pem, existingConfigMap and existingSecret');
  });

  it('renders a Gateway API HTTPRoute to the console Service, and needs a Gateway to attach to', () => {
    const manifests = render([
      '--set',
      'httpRoute.enabled=true',
      '--set',
      'httpRoute.parentRefs[0].name=public',
      '--set',
      'httpRoute.parentRefs[0].namespace=gateway-system',
      '--set',
      'httpRoute.hostnames[0]=nimbus.example.com',
    ]);
    const route = only(manifests, 'HTTPRoute') as Manifest & { spec: Record<string, unknown> };
    expect(route.apiVersion).toBe('gateway.networking.k8s.io/v1');
    expect(route.spec).toEqual({
      parentRefs: [{ name: 'public', namespace: 'gateway-system' }],
      hostnames: ['nimbus.example.com'],
      rules: [
        {
          matches: [{ path: { type: 'PathPrefix', value: '/' } }],
          backendRefs: [{ name: 'nimbus', port: 8080 }],
        },
      ],
    });
    expect(template(['--set', 'httpRoute.enabled=true']).status).not.toBe(0);
  });

  it('validates new values against the schema', () => {
    for (const bad of [
      'ingress.hosts[0].paths[0].path=no-slash',
      'networkPolicy.egress.restrict=maybe',
      'extraCACertificates.pem=not-a-certificate',
      'topologySpreadConstraints[0].whenUnsatisfiable=Sometimes',
      'helmTest.enabled=yes',
      'audit.policy.rules[0].level=Everything',
      'audit.maxSize=10GB',
      'audit.webhook.url=file:///etc/passwd',
      'sessions.ttl=1h30m',
      'registrations.perAddress=-1',
      'alarms.intervalMs=500',
      'leaderElection.leaseSeconds=1',
      'appStore.helmPath=',
      'vendorEndpoints.ecr=ftp://ecr.example.com',
    ]) {
      const result = template(['--set', bad]);
      expect(result.status, bad).not.toBe(0);
      expect(result.stderr, bad).toContain("values don't meet the specifications of the schema");
    }
  });
});

describe('CRD upgrades', () => {
  it('apply server-side over what is installed (the documented upgrade step)', () => {
    const result = run('kubectl', [
      '--kubeconfig',
      env('NIMBUS_HUB_KUBECONFIG'),
      'apply',
      '--server-side',
      '--force-conflicts',
      '--field-manager=nimbus',
      '--dry-run=server',
      '-f',
      join(chart, 'crds'),
    ]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(
      'customresourcedefinition.apiextensions.k8s.io/users.nimbus.io serverside-applied (server dry run)',
    );
  });
});
