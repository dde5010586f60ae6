// Tracing against a real OTLP receiver: the test bed's OpenTelemetry Collector
// (hack/testbed/otelcol.sh), to which hack/operator.sh points the operator under test with
// OTEL_EXPORTER_OTLP_ENDPOINT. The collector writes what it receives as OTLP JSON lines; the
// spans are read back from there (docs/tracing.md).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { eventually } from '../support/eventually.js';
import type { Session } from '../support/iam.js';
import { expectOk, gitOpsSystemAdmin, hub, removeGitOpsSystemAdmin } from '../support/iam.js';
import { atCluster, registerMember, unregisterMember } from '../support/members.js';

const suffix = `trc${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const cluster = `member-a-${suffix}`;
const tracesFile = fileURLToPath(
  new URL('../../.cache/testbed/otelcol/traces.jsonl', import.meta.url),
);

type Value = { stringValue?: string; intValue?: string | number; boolValue?: boolean };
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: { key: string; value: Value }[];
}
interface Span {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  attributes: Record<string, string | number | boolean | undefined>;
}

/** Every span the collector has written so far, with its attributes as a plain object. */
function exportedSpans(): Span[] {
  if (!existsSync(tracesFile)) return [];
  // The collector appends one batch per line: a last line without its newline is still being
  // written, and is read on the next look.
  const text = readFileSync(tracesFile, 'utf8');
  const lines = text
    .slice(0, text.lastIndexOf('\n') + 1)
    .split('\n')
    .filter(Boolean);
  return lines.flatMap((line) => {
    const batch = JSON.parse(line) as {
      resourceSpans?: { scopeSpans?: { spans?: OtlpSpan[] }[] }[];
    };
    return (batch.resourceSpans ?? []).flatMap((resource) =>
      (resource.scopeSpans ?? []).flatMap((scope) =>
        (scope.spans ?? []).map((span) => ({
          name: span.name,
          traceId: span.traceId,
          spanId: span.spanId,
          parentSpanId: span.parentSpanId ?? '',
          attributes: Object.fromEntries(
            (span.attributes ?? []).map(({ key, value }) => [
              key,
              value.stringValue ??
                (value.intValue === undefined ? value.boolValue : Number(value.intValue)),
            ]),
          ),
        })),
      ),
    );
  });
}

/** The spans matching `match`, once at least one was exported (the SDK sends in batches). */
const spansWhere = (match: (span: Span) => boolean): Promise<Span[]> =>
  eventually(
    () => exportedSpans().filter(match),
    (found) => found.length > 0,
    60_000,
  );

let root: Session;

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  expectOk(
    await root.call('POST', '/organizations', {
      name: org,
      cnName: 'tracing',
      contact: 'Ops',
      email: 'ops@tracing.example',
    }),
  );
  await registerMember(root, cluster, org, 'member-a', { monitors: false, callerReady: true });
});

afterAll(async () => {
  await unregisterMember(root, cluster, org);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe('spans in the test bed’s OpenTelemetry Collector', () => {
  it('has one server span per request, named by its route, with the request id and the user', async () => {
    const requestId = `tracing-${suffix}-user`;
    const response = await api('GET', 'iam', `/users/${root.userName}`, {
      token: root.token,
      headers: { 'X-Request-Id': requestId },
    });
    expect(response.body.code).toBe(0);
    const [span] = await spansWhere((s) => s.attributes['nimbus.request_id'] === requestId);
    expect(span?.name).toBe('GET /api/v1/iam.nimbus.io/users/:userName');
    expect(span?.attributes).toMatchObject({
      'enduser.id': root.userName,
      'http.request.method': 'GET',
      'http.response.status_code': 200,
    });
  });

  it('traces a member call under the request that made it, with the cluster', async () => {
    const requestId = `tracing-${suffix}-pods`;
    const pods = await atCluster(root, 'crd', 'GET', cluster, '/nodes/member-a-node-0/pods', {
      headers: { 'X-Request-Id': requestId },
    });
    expect(pods.body.code).toBe(0);
    const [server] = await spansWhere((s) => s.attributes['nimbus.request_id'] === requestId);
    expect(server?.attributes['nimbus.cluster']).toBe(cluster);
    const calls = await spansWhere(
      (s) => s.traceId === server?.traceId && s.name.startsWith('member '),
    );
    expect(calls[0]?.attributes).toMatchObject({ 'nimbus.cluster': cluster });
    // The path without its query (a field selector here): nothing of a query is exported.
    expect(calls.map((call) => call.attributes['url.path'])).toContain('/api/v1/pods');
  });

  it('traces a Helm operation through the relay, with the cluster and the namespace', async () => {
    const releases = await atCluster(root, 'appstore', 'GET', cluster, '/namespaces/demo/releases');
    expect(releases.body.code).toBe(0);
    const [helm] = await spansWhere(
      (s) => s.name === 'helm list' && s.attributes['nimbus.cluster'] === cluster,
    );
    expect(helm?.attributes).toMatchObject({ 'nimbus.namespace': 'demo', 'process.exit.code': 0 });
  });

  it('traces the reconciles of the registered cluster', async () => {
    const reconciles = await spansWhere(
      (s) =>
        s.name.startsWith('reconcile ') && String(s.attributes['nimbus.key']).includes(cluster),
    );
    expect(reconciles[0]?.attributes['nimbus.controller']).toBeTruthy();
  });

  it('never exports the credentials the calls carried', async () => {
    const mine = exportedSpans().filter((s) => JSON.stringify(s).includes(suffix));
    expect(mine.length).toBeGreaterThan(0);
    const text = JSON.stringify(mine);
    expect(text).not.toContain(root.token);
    expect(text).not.toContain(`root${suffix}1`);
  });
});
