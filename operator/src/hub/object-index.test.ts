import { describe, expect, it } from 'vitest';
import { userKind } from '../crds/user.js';
import { hubUser as user } from '../testing/hub-objects.js';
import { captureLogs } from '../testing/logs.js';
import { ObjectIndex } from './object-index.js';

/** What the index tells its subscribers, as `type:name@resourceVersion`. */
function record(index: ObjectIndex<typeof userKind>): string[] {
  const events: string[] = [];
  index.subscribe((type, object) =>
    events.push(`${type}:${object.metadata.name}@${object.metadata.resourceVersion}`),
  );
  return events;
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

  it('lets the watch deliver the state of our own write after its answer, once', () => {
    const index = new ObjectIndex(userKind, captureLogs().logger);
    const events = record(index);
    index.remember(user('carol', '7', 'mine@example.com'));
    index.upsert(user('carol', '6', 'before@example.com'), 'update');
    index.upsert(user('carol', '7', 'mine@example.com'), 'update');
    expect(index.get('carol')?.spec.email).toBe('mine@example.com');
    expect(events).toEqual(['update:carol@7']);
  });

  it('never lets a late answer bring back an object the watch saw deleted', () => {
    const index = new ObjectIndex(userKind, captureLogs().logger);
    index.upsert(user('dora', '3'), 'add');
    index.remove(user('dora', '5'));
    // The answer to a read or write sent before the deletion, handled after it.
    const answer = index.remember(user('dora', '4'));
    expect(answer.metadata.resourceVersion).toBe('4');
    expect(index.get('dora')).toBeUndefined();
    expect(index.getByUid('uid-dora')).toBeUndefined();
    expect(index.list()).toEqual([]);
  });

  it('keeps a deletion our own write reported against the watch events still on their way', () => {
    const index = new ObjectIndex(userKind, captureLogs().logger);
    const events = record(index);
    index.upsert(user('fay', '3'), 'add');
    index.forgetDeleted('fay', 'uid-fay', '6');
    index.upsert(user('fay', '5'), 'update');
    index.remember(user('fay', '5'));
    expect(index.get('fay')).toBeUndefined();
    index.remove(user('fay', '6'));
    expect(events).toEqual(['add:fay@3', 'delete:fay@6']);
  });

  it('takes a new object of a deleted name, and no state of the old one', () => {
    const index = new ObjectIndex(userKind, captureLogs().logger);
    index.upsert(user('gus', '3'), 'add');
    index.remove(user('gus', '4'));
    index.remember(user('gus', '9', 'new@example.com', 'uid-gus-2'));
    index.upsert(user('gus', '3'), 'update');
    expect(index.get('gus')?.metadata.uid).toBe('uid-gus-2');
    expect(index.getByUid('uid-gus')).toBeUndefined();
  });

  it('orders versions it cannot compare by source: the watch wins, an answer fills a gap', () => {
    const index = new ObjectIndex(userKind, captureLogs().logger);
    index.upsert(user('hal', 'b', 'watched@example.com'), 'add');
    index.remember(user('hal', 'a', 'answered@example.com'));
    expect(index.get('hal')?.spec.email).toBe('watched@example.com');
    index.upsert(user('hal', 'a', 'answered@example.com'), 'update');
    expect(index.get('hal')?.spec.email).toBe('answered@example.com');
    index.remember(user('ivy', 'x'));
    expect(index.get('ivy')?.metadata.resourceVersion).toBe('x');
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

describe('ObjectIndex relist', () => {
  it('removes what the hub no longer has and replaces what drifted, with events', () => {
    const index = new ObjectIndex(userKind, captureLogs().logger);
    index.upsert(user('ann', '3'), 'add');
    index.upsert(user('ben', '4', 'stale@example.com'), 'add');
    // A ghost: an answer the cache took for an object whose deletion the watch never delivered.
    index.remember(user('ghost', '5'));
    const events = record(index);
    index.relisted(
      index.beginRelist(),
      [user('ann', '3'), user('ben', '8'), user('cy', '7')],
      '10',
    );
    expect(
      index
        .list()
        .map((u) => u.metadata.name)
        .sort(),
    ).toEqual(['ann', 'ben', 'cy']);
    expect(index.get('ben')?.spec.email).toBe('ben@example.com');
    expect(events.sort()).toEqual(['add:cy@7', 'delete:ghost@5', 'update:ben@8']);
  });

  it('keeps what the watch delivered after the list was read', () => {
    const index = new ObjectIndex(userKind, captureLogs().logger);
    const epoch = index.beginRelist();
    index.upsert(user('new', '12'), 'add');
    index.upsert(user('moved', '13', 'newer@example.com'), 'add');
    index.relisted(epoch, [user('moved', '9', 'older@example.com')], '10');
    expect(index.get('new')?.metadata.resourceVersion).toBe('12');
    expect(index.get('moved')?.spec.email).toBe('newer@example.com');
  });

  it('does not list back what the watch saw deleted while the list was read', () => {
    const index = new ObjectIndex(userKind, captureLogs().logger);
    index.upsert(user('lee', '3'), 'add');
    const epoch = index.beginRelist();
    index.remove(user('lee', '11'));
    index.relisted(epoch, [user('lee', '3')], '10');
    expect(index.get('lee')).toBeUndefined();
  });

  it('lets tombstones go once a relist begun after them is done', () => {
    const index = new ObjectIndex(userKind, captureLogs().logger);
    index.upsert(user('max', '3'), 'add');
    index.remove(user('max', '4'));
    const first = index.beginRelist();
    index.upsert(user('ned', '5'), 'add');
    index.remove(user('ned', '6'));
    index.relisted(first, [], '7');
    // max's tombstone is gone: the list has shown the hub without it.
    index.remember(user('max', '3'));
    expect(index.get('max')?.metadata.resourceVersion).toBe('3');
    // ned was deleted while that list was read: still buried until the next relist is done.
    index.remember(user('ned', '5'));
    expect(index.get('ned')).toBeUndefined();
    index.relisted(index.beginRelist(), [], '8');
    expect(index.get('max')).toBeUndefined();
  });
});
