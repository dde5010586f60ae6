import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { defaultOutputDirs, renderAll } from './files.js';
import { runGenerate } from './generate.js';
import type { KindDefinition } from './kind.js';
import { allKinds } from './kinds.js';
import { renderCrd } from './render.js';

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

function tempDirs(count: number): string[] {
  dirs = Array.from({ length: count }, () => mkdtempSync(join(tmpdir(), 'nimbus-crds-')));
  return dirs;
}

function run(args: string[]): { code: number; output: string } {
  const lines: string[] = [];
  const code = runGenerate(args, (line) => lines.push(line));
  return { code, output: lines.join('\n') };
}

type Node = Record<string, unknown>;

/** Walks a schema like the API server's structural check, collecting violations. */
function structuralProblems(node: Node, path: string): string[] {
  const problems: string[] = [];
  if (typeof node.type !== 'string') problems.push(`${path}: no type`);
  for (const key of ['anyOf', 'oneOf', 'allOf', 'not', '$ref', '$schema', 'const']) {
    if (key in node) problems.push(`${path}: ${key}`);
  }
  if (node.additionalProperties === false) problems.push(`${path}: additionalProperties false`);
  if (node.properties && node.additionalProperties) problems.push(`${path}: both properties kinds`);
  // Go's RE2 has no lookaround or backreferences.
  if (typeof node.pattern === 'string' && /\(\?[=!<]|\\[1-9]/.test(node.pattern)) {
    problems.push(`${path}: pattern not RE2 compatible`);
  }
  for (const [name, child] of Object.entries((node.properties as Record<string, Node>) ?? {})) {
    problems.push(...structuralProblems(child, `${path}.${name}`));
  }
  if (node.items) problems.push(...structuralProblems(node.items as Node, `${path}[]`));
  if (typeof node.additionalProperties === 'object') {
    problems.push(...structuralProblems(node.additionalProperties as Node, `${path}{}`));
  }
  return problems;
}

function undescribed(node: Node, path: string): string[] {
  // metadata may carry nothing but name's type (the API server refuses more); kubectl explains it.
  if (path.endsWith('.metadata')) return [];
  const own = typeof node.description === 'string' && node.description !== '' ? [] : [path];
  const children = Object.entries((node.properties as Record<string, Node>) ?? {}).flatMap(
    ([name, child]) => undescribed(child, `${path}.${name}`),
  );
  // List items are described by their list; object items still describe their fields.
  const items = node.items as Node | undefined;
  const itemFields = Object.entries((items?.properties as Record<string, Node>) ?? {}).flatMap(
    ([name, child]) => undescribed(child, `${path}[].${name}`),
  );
  return [...own, ...children, ...itemFields];
}

function versionOf(kind: KindDefinition): Node {
  const crd = renderCrd(kind) as { spec: { versions: Node[] } };
  const version = crd.spec.versions[0];
  if (!version) throw new Error('no version');
  return version;
}

describe('CRD rendering', () => {
  it('is deterministic', () => {
    expect([...renderAll(allKinds)]).toEqual([...renderAll(allKinds)]);
  });

  it.each(allKinds.map((kind) => [kind.kind, kind] as const))(
    '%s has a structural, cluster-scoped v1alpha1 schema with a status subresource',
    (_name, kind) => {
      const crd = parse(renderAll([kind]).values().next().value ?? '') as Node;
      expect(crd).toMatchObject({
        metadata: { name: `${kind.plural}.nimbus.io` },
        spec: { group: 'nimbus.io', scope: 'Cluster' },
      });
      const version = versionOf(kind);
      expect(version).toMatchObject({ name: 'v1alpha1', subresources: { status: {} } });
      const schema = (version.schema as { openAPIV3Schema: Node }).openAPIV3Schema;
      expect(structuralProblems(schema, '')).toEqual([]);
      expect(version.additionalPrinterColumns).toContainEqual(
        expect.objectContaining({ name: 'Age', jsonPath: '.metadata.creationTimestamp' }),
      );
    },
  );

  it.each(allKinds.map((kind) => [kind.kind, kind] as const))(
    '%s carries the metadata.name rule as CEL with the same regex as zod',
    (_name, kind) => {
      const rule = kind.nameValidation.rule;
      const literal = /^self\.metadata\.name\.matches\('(.*)'\)$/.exec(rule)?.[1];
      const celPattern = new RegExp((literal ?? '').replaceAll('\\\\', '\\'));
      for (const name of ['web', 'web-1', 'a.b', 'Web', '-x', 'x_y', '']) {
        const zodAccepts = kind.schema.shape.metadata.shape.name.safeParse(name).success;
        expect(celPattern.test(name) && name.length <= 253, name).toBe(zodAccepts);
      }
    },
  );

  it('encodes the User printer columns and role permission requirements', () => {
    const user = versionOf(allKinds.find((kind) => kind.kind === 'User') as KindDefinition);
    expect((user.additionalPrinterColumns as Node[]).map((column) => column.name)).toEqual([
      'Email',
      'SysAdmin',
      'Ready',
      'Reason',
      'MFA',
      'IdentityProvider',
      'Age',
    ]);
    const yaml = renderAll(allKinds).get('nimbus.io_roles.yaml') ?? '';
    const role = parse(yaml) as { spec: { versions: Node[] } };
    const spec = JSON.stringify(role.spec.versions[0]);
    expect(spec).toContain('"required":["name","effect"]');
    expect(spec).toContain('"enum":["Allow","Deny"]');
  });

  it('spells every effect of every kind Allow or Deny', () => {
    const enums = [...renderAll(allKinds).values()].flatMap((yaml) =>
      [
        ...yaml.matchAll(
          /effect:\n\s+type: string\n(?:\s+description: .*\n)?(?:\s+default: .*\n)?\s+enum:\n\s+- (\w+)\n\s+- (\w+)/g,
        ),
      ].map((m) => `${m[1]}/${m[2]}`),
    );
    expect(enums.length).toBeGreaterThanOrEqual(3);
    expect(new Set(enums)).toEqual(new Set(['Allow/Deny']));
  });

  const iamKinds = ['Organization', 'User', 'UserGroup', 'Role', 'Cluster'];
  it.each(iamKinds)(
    '%s shows Ready, and its reason at -o wide, from the Ready condition',
    (name) => {
      const kind = allKinds.find((k) => k.kind === name) as KindDefinition;
      expect(versionOf(kind).additionalPrinterColumns).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            name: 'Ready',
            jsonPath: '.status.conditions[?(@.type=="Ready")].status',
          }),
          expect.objectContaining({ name: 'Reason', priority: 1 }),
        ]),
      );
    },
  );

  it('lists what administrators author under nimbus and runtime state under nimbus-runtime', () => {
    const categoryOf = (kind: KindDefinition) =>
      (renderCrd(kind) as { spec: { names: { categories: string[] } } }).spec.names.categories;
    const runtime = allKinds.filter((k) => categoryOf(k).includes('nimbus-runtime'));
    expect(runtime.map((k) => k.kind).sort()).toEqual(['Favourite', 'Session']);
    for (const kind of allKinds) expect(categoryOf(kind)).toHaveLength(1);
  });

  it.each(allKinds.map((kind) => [kind.kind, kind] as const))(
    '%s describes every field, so kubectl explain teaches the schema',
    (_name, kind) => {
      const schema = (versionOf(kind).schema as { openAPIV3Schema: Node }).openAPIV3Schema;
      expect(undescribed(schema, kind.kind)).toEqual([]);
    },
  );
});

describe('crds generator', () => {
  it('writes every kind into every output directory', () => {
    const [a, b] = tempDirs(2) as [string, string];
    expect(run([a, b]).code).toBe(0);
    for (const dir of [a, b]) {
      expect(readFileSync(join(dir, 'nimbus.io_users.yaml'), 'utf8')).toContain('kind: User');
    }
  });

  it('passes --check right after generating', () => {
    const [dir] = tempDirs(1) as [string];
    run([dir]);
    expect(run(['--check', dir])).toMatchObject({ code: 0 });
  });

  it('fails --check with a readable diff when a file drifted', () => {
    const [dir] = tempDirs(1) as [string];
    run([dir]);
    const file = join(dir, 'nimbus.io_clusters.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('scope: Cluster', 'scope: Namespaced'));
    const { code, output } = run(['--check', dir]);
    expect(code).toBe(1);
    expect(output).toContain(`out of date: ${file}`);
    expect(output).toContain('- committed:   scope: Namespaced');
    expect(output).toContain('+ generated:   scope: Cluster');
    expect(output).toContain('npm run crds:generate -w operator');
  });

  it('fails --check on missing and stray files', () => {
    const [dir] = tempDirs(1) as [string];
    run([dir]);
    rmSync(join(dir, 'nimbus.io_roles.yaml'));
    writeFileSync(join(dir, 'nimbus.io_widgets.yaml'), 'kind: CustomResourceDefinition\n');
    const { code, output } = run(['--check', dir]);
    expect(code).toBe(1);
    expect(output).toContain('missing:');
    expect(output).toContain('not generated by any schema:');
  });

  it('matches the committed YAML in crds/ and charts/nimbus/crds/', () => {
    expect(run(['--check', ...defaultOutputDirs])).toMatchObject({ code: 0 });
  });
});
