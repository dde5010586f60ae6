import type { KubernetesObject } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { userKind } from '../crds/user.js';
import { captureLogs } from '../testing/logs.js';
import { ObjectIndex } from './object-index.js';

function user(
  name: string,
  resourceVersion: string,
  email = `${name}@example.com`,
  uid = `uid-${name}`,
): KubernetesObject {
  const object = {
    apiVersion: 'nimbus.io/v1alpha1',
    kind: 'User',
    metadata: { name, uid, resourceVersion, creationTimestamp: '2026-01-01T00:00:00Z' },
    spec: { email },
  };
  // Hub JSON carries timestamps as strings; the client's type says Date.
  return object as unknown as KubernetesObject;
}

describe('ObjectIndex', () => {
  it('indexes by name and uid, with schema defaults filled in', () => {
    const index = new ObjectIndex(userKind, captureLogs().logger);
    index.upsert(user('alice', '5'), 'add');
    expect(index.get('alice')?.spec.sysAdmin).toBe(false);
    expect(index.getByUid('uid-alice')?.metadata.name).toBe('alice');
    expect(index.list((u) => u.spec.email.startsWith('alice'))).toHaveLength(1);
  });

  it('keeps objects that fail the schema out, and says so in the log', () => {
    const logs = captureLogs();
    const index = new ObjectIndex(userKind, logs.logger);
    index.upsert(user('bob', '1', 'not-an-email'), 'add');
    expect(index.get('bob')).toBeUndefined();
    expect(logs.text()).toContain('does not match its schema');
  });

  it('does not let an older write result overwrite what the watch already delivered', () => {
    const index = new ObjectIndex(userKind, captureLogs().logger);
    index.upsert(user('carol', '10', 'new@example.com'), 'update');
    index.remember(user('carol', '9', 'old@example.com'));
    expect(index.get('carol')?.spec.email).toBe('new@example.com');
    index.remember(user('carol', '11', 'newest@example.com'));
    expect(index.get('carol')?.spec.email).toBe('newest@example.com');
  });

  it('tells subscribers about changes and forgets deleted objects and their uid', () => {
    const index = new ObjectIndex(userKind, captureLogs().logger);
    const events: string[] = [];
    const unsubscribe = index.subscribe((type, object) =>
      events.push(`${type}:${object.metadata.name}`),
    );
    index.upsert(user('dave', '1'), 'add');
    index.remove(user('dave', '2'));
    unsubscribe();
    index.upsert(user('erin', '3'), 'add');
    expect(events).toEqual(['add:dave', 'delete:dave']);
    expect(index.getByUid('uid-dave')).toBeUndefined();
  });
});
