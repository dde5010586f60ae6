import { describe, expect, it } from 'vitest';
import { joinDocuments, parseDocuments } from './parseDocuments';

const good = `apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
data:
  mode: a
`;

describe('parseDocuments', () => {
  it('splits a stream into documents with their line and source, skipping empty ones', () => {
    const text = `${good}---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n---\n# only a comment\n`;
    const { documents, tooMany } = parseDocuments(text);
    expect(tooMany).toBe(false);
    expect(documents.map((d) => [d.index, d.line, d.issue])).toEqual([
      [0, 1, undefined],
      [1, 8, undefined],
    ]);
    expect(documents[0]?.object).toMatchObject({ kind: 'ConfigMap', data: { mode: 'a' } });
    expect(documents[1]?.source).toBe(
      'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n',
    );
  });

  it('reports a syntax error with its line', () => {
    const { documents } = parseDocuments(
      `${good}---\nkind: ConfigMap\nmetadata:\n  name: [unclosed\n`,
    );
    expect(documents[1]?.issue).toMatchObject({ code: 'syntax' });
    expect(documents[1]?.line).toBeGreaterThanOrEqual(10);
    expect(documents[0]?.issue).toBeUndefined();
  });

  it('applies the shared checks: missing fields, names, unknown kinds, cluster scope', () => {
    const text = [
      'kind: ConfigMap\nmetadata:\n  name: a\n',
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: Bad_Name\n',
      'apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: x\n',
      'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: x\n  namespace: y\n',
      '- just\n- a list\n',
    ].join('---\n');
    expect(parseDocuments(text).documents.map((d) => d.issue)).toEqual([
      { code: 'missing', field: 'apiVersion' },
      { code: 'badName', name: 'Bad_Name' },
      { code: 'unknownKind', apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole' },
      { code: 'clusterScoped', kind: 'Namespace' },
      { code: 'notObject' },
    ]);
  });

  it('refuses a document that expands aliases without bound', () => {
    const lines = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 0; i < 12; i += 1)
      lines.push(
        `${'b'.repeat(i + 1)}: &${'b'.repeat(i + 1)} [${Array(10)
          .fill(i === 0 ? '*a' : `*${'b'.repeat(i)}`)
          .join(', ')}]`,
      );
    const [document] = parseDocuments(`${lines.join('\n')}\n`).documents;
    expect(document?.issue).toMatchObject({ code: 'syntax' });
  });

  it('says when there are more documents than one import takes', () => {
    const text = Array.from({ length: 51 }, (_, i) => good.replace('settings', `c${i}`)).join(
      '---\n',
    );
    expect(parseDocuments(text).tooMany).toBe(true);
  });

  it('joins documents back into a stream that parses to the same objects', () => {
    const { documents } = parseDocuments(`${good}---\n${good.replace('settings', 'other')}`);
    const again = parseDocuments(joinDocuments(documents)).documents;
    expect(again.map((d) => d.object)).toEqual(documents.map((d) => d.object));
  });
});
