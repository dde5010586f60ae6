// The audit store option (store, postgres.*): each replica's SQLite file by default, or the
// PostgreSQL database every replica shares, whose connection string only ever comes from the
// user's Secret. Render-only: no hub needed.
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../operator/src/config.js';
import {
  only,
  operatorEnv,
  podSpecOf,
  render,
  template,
  type Container,
  type Manifest,
} from './render.js';

const postgres = ['--set', 'store=postgres', '--set', 'postgres.existingSecret=nimbus-db'];
const caDir = '/var/run/secrets/nimbus.io/postgres';

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: Record<string, unknown>;
}

function envVar(manifests: Manifest[], name: string): EnvVar | undefined {
  const container = podSpecOf(manifests).containers[0] as Container & { env?: EnvVar[] };
  return container.env?.find((item) => item.name === name);
}

function statefulSetOf(manifests: Manifest[]) {
  return only(manifests, 'StatefulSet') as Manifest & {
    spec: { serviceName: string; volumeClaimTemplates?: { metadata: { name: string } }[] };
  };
}

describe('audit store', () => {
  it("keeps the audit trail in each replica's SQLite file by default, merging the peers' records", () => {
    const manifests = render();
    const variables = operatorEnv(manifests);
    expect(variables).toMatchObject({
      NIMBUS_STORE: 'sqlite',
      NIMBUS_AUDIT_PEER_SERVICE: 'nimbus-peers',
    });
    expect(variables).not.toHaveProperty('NIMBUS_POSTGRES_URL');
    expect(variables).not.toHaveProperty('NIMBUS_POSTGRES_MAX_CONNECTIONS');
    expect(variables).not.toHaveProperty('NIMBUS_POSTGRES_CA_FILE');
    expect(parseConfig({ ...variables, NIMBUS_HOST: 'nimbus.example.com' }).store).toEqual({
      kind: 'sqlite',
    });
    // The postgres settings mean nothing to the SQLite store.
    const ignored = render([
      '--set',
      'postgres.existingSecret=nimbus-db',
      '--set',
      'postgres.caKey=ca.crt',
    ]);
    expect(podSpecOf(ignored).volumes?.map((volume) => volume.name)).not.toContain('postgres-ca');
    expect(operatorEnv(ignored)).not.toHaveProperty('NIMBUS_POSTGRES_URL');
  });

  it('takes the connection string from the Secret, never into the manifest, and asks no peers', () => {
    const manifests = render([...postgres, '--set', 'postgres.maxConnections=50']);
    const variables = operatorEnv(manifests);
    expect(variables).toMatchObject({
      NIMBUS_STORE: 'postgres',
      NIMBUS_POSTGRES_MAX_CONNECTIONS: '50',
    });
    expect(variables).not.toHaveProperty('NIMBUS_AUDIT_PEER_SERVICE');
    expect(variables).not.toHaveProperty('NIMBUS_POSTGRES_CA_FILE');
    expect(envVar(manifests, 'NIMBUS_POSTGRES_URL')).toEqual({
      name: 'NIMBUS_POSTGRES_URL',
      valueFrom: { secretKeyRef: { name: 'nimbus-db', key: 'url' } },
    });
    const rendered = template(postgres).stdout;
    expect(rendered).not.toMatch(/postgres(ql)?:\/\//);
    expect(manifests.filter((m) => m.kind === 'Secret')).toEqual([]);
    expect(podSpecOf(manifests).volumes?.map((volume) => volume.name)).not.toContain('postgres-ca');
    // Nothing of the operator's is on a volume then: a Deployment, without volumes or peers.
    const deployment = only(manifests, 'Deployment') as Manifest & {
      spec: { strategy: unknown; template: { spec: { volumes: { name: string }[] } } };
    };
    expect(manifests.filter((m) => m.kind === 'StatefulSet')).toEqual([]);
    expect(deployment.spec.template.spec.volumes.map((volume) => volume.name).sort()).toEqual([
      'audit-policy',
      'tmp',
    ]);
    expect(podSpecOf(manifests).containers[0]?.volumeMounts?.map((m) => m.mountPath)).not.toContain(
      '/var/lib/nimbus',
    );
    expect(manifests.filter((m) => m.metadata.name === 'nimbus-peers')).toEqual([]);
    // A new pod before an old one goes, so that as many replicas serve throughout an upgrade.
    expect(deployment.spec.strategy).toEqual({
      type: 'RollingUpdate',
      rollingUpdate: { maxSurge: 1, maxUnavailable: 0 },
    });
    // What the operator makes of it, with the Secret's value in place.
    const config = parseConfig({
      ...variables,
      NIMBUS_HOST: 'nimbus.example.com',
      NIMBUS_POSTGRES_URL: 'postgresql://nimbus:secret@db.example:5432/nimbus',
    });
    expect(config.store).toEqual({
      kind: 'postgres',
      url: 'postgresql://nimbus:secret@db.example:5432/nimbus',
      caFile: undefined,
      maxConnections: 50,
    });
    expect(config.auditPeerService).toBeUndefined();
  });

  it('keeps the StatefulSet and its volumes with keepVolumes, for the audit copy from them', () => {
    const manifests = render([...postgres, '--set', 'postgres.keepVolumes=true']);
    expect(manifests.filter((m) => m.kind === 'Deployment')).toEqual([]);
    const statefulSet = statefulSetOf(manifests);
    expect(statefulSet.spec.serviceName).toBe('nimbus-peers');
    expect(statefulSet.spec.volumeClaimTemplates?.map((claim) => claim.metadata.name)).toEqual([
      'data',
    ]);
    only(manifests, 'Service', 'nimbus-peers');
    expect(podSpecOf(manifests).containers[0]?.volumeMounts).toContainEqual({
      name: 'data',
      mountPath: '/var/lib/nimbus',
    });
    // Still the database: only the files stay, for docs/scaling.md's copy.
    expect(operatorEnv(manifests)).toMatchObject({ NIMBUS_STORE: 'postgres' });
    expect(operatorEnv(manifests)).not.toHaveProperty('NIMBUS_AUDIT_PEER_SERVICE');
  });

  it('rolls a Deployment old pod first when hard anti-affinity leaves no node for a new one', () => {
    const manifests = render([...postgres, '--set', 'podAntiAffinityPreset=hard']);
    const deployment = only(manifests, 'Deployment') as Manifest & { spec: { strategy: unknown } };
    expect(deployment.spec.strategy).toEqual({
      type: 'RollingUpdate',
      rollingUpdate: { maxSurge: 0, maxUnavailable: 1 },
    });
  });

  it('mounts only the CA key of the Secret when caKey is set, and names the file', () => {
    const manifests = render([
      ...postgres,
      '--set',
      'postgres.urlKey=dsn',
      '--set',
      'postgres.caKey=ca.pem',
    ]);
    const variables = operatorEnv(manifests);
    expect(variables.NIMBUS_POSTGRES_CA_FILE).toBe(`${caDir}/ca.crt`);
    expect(variables.NIMBUS_POSTGRES_MAX_CONNECTIONS).toBe('10');
    expect(envVar(manifests, 'NIMBUS_POSTGRES_URL')?.valueFrom).toEqual({
      secretKeyRef: { name: 'nimbus-db', key: 'dsn' },
    });
    const pod = podSpecOf(manifests);
    expect(pod.volumes?.filter((volume) => volume.name === 'postgres-ca')).toEqual([
      {
        name: 'postgres-ca',
        secret: { secretName: 'nimbus-db', items: [{ key: 'ca.pem', path: 'ca.crt' }] },
      },
    ]);
    expect(pod.containers[0]?.volumeMounts).toContainEqual({
      name: 'postgres-ca',
      mountPath: caDir,
      readOnly: true,
    });
    const config = parseConfig({
      ...variables,
      NIMBUS_HOST: 'nimbus.example.com',
      NIMBUS_POSTGRES_URL: 'postgresql://nimbus@db.example:5432/nimbus',
    });
    expect(config.store).toMatchObject({ kind: 'postgres', caFile: `${caDir}/ca.crt` });
  });

  it('refuses store postgres without the Secret, with a message naming the value', () => {
    const result = template(['--set', 'store=postgres']);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("values don't meet the specifications of the schema");
    expect(result.stderr).toContain('/postgres/existingSecret');
    // The template says it too, for renders that skip the schema.
    const unchecked = template(['--set', 'store=postgres', '--skip-schema-validation']);
    expect(unchecked.status).not.toBe(0);
    expect(unchecked.stderr).toContain(
      'postgres.existingSecret is required when store is postgres: the Secret holding the connection string',
    );
  });

  it('validates the store values against the schema', () => {
    for (const bad of [
      ['store=mysql'],
      ['postgres.maxConnections=1'],
      ['postgres.maxConnections=1001'],
      ['postgres.urlKey='],
      ['postgres.caKey=certs/ca.pem'],
      ['postgres.existingSecret=Not_A_Name'],
      ['postgres.keepVolumes=yes'],
      // No place in the values for the connection string itself.
      ['postgres.url=postgresql://nimbus:secret@db.example:5432/nimbus'],
    ]) {
      const result = template(bad.flatMap((value) => ['--set', value]));
      expect(result.status, bad.join(' ')).not.toBe(0);
      expect(result.stderr, bad.join(' ')).toContain(
        "values don't meet the specifications of the schema",
      );
    }
    expect(template(['--set', 'store=mysql']).stderr).toContain("'/store'");
  });
});
