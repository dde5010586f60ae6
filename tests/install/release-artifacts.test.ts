// What `make release` published, as a user and a scanner would read it (hack/release.sh): the
// image's OCI labels from the registry, the chart's Artifact Hub annotations naming that image by
// digest, and the two CycloneDX SBOMs (npm packages from package-lock.json; the whole image with
// its Debian packages and Node.js). The install phases install the same release.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  helm,
  plainHttp,
  releasedChart,
  releasedImage,
  releasedVersion,
} from './support/release.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', timeout: 120_000 });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

function sbomsDir(): string {
  const dir = process.env.NIMBUS_RELEASE_SBOMS;
  if (!dir) throw new Error('NIMBUS_RELEASE_SBOMS is not set: the release was built without SBOMs');
  return dir;
}

interface Component {
  name: string;
  group?: string;
  version?: string;
  purl?: string;
  components?: Component[];
}
interface Bom {
  bomFormat: string;
  specVersion: string;
  metadata: { component?: Component };
  components?: Component[];
}

const bom = (file: string): Bom => JSON.parse(readFileSync(join(sbomsDir(), file), 'utf8')) as Bom;

/** Every component's package URL, nested ones included. */
function purls(components: Component[] = []): string[] {
  return components.flatMap((component) => [
    ...(component.purl ? [component.purl] : []),
    ...purls(component.components),
  ]);
}

const chartVersion = () =>
  /^appVersion: *"?([^"\s]+)"?$/m.exec(
    readFileSync(join(root, 'charts/nimbus/Chart.yaml'), 'utf8'),
  )?.[1];

describe('the released image', () => {
  it('carries the OCI labels: source, the revision and time of its commit, the version, its bases', () => {
    const image = releasedImage();
    const inspected = JSON.parse(
      run('skopeo', ['inspect', '--tls-verify=false', `docker://${image}`]),
    ) as {
      Digest: string;
      Labels: Record<string, string>;
    };
    expect(image.endsWith(`@${inspected.Digest}`)).toBe(true);
    const labels = inspected.Labels;
    expect(labels).toMatchObject({
      'org.opencontainers.image.title': 'nimbus',
      'org.opencontainers.image.revision': run('git', ['rev-parse', 'HEAD']),
      'org.opencontainers.image.created': run('git', ['log', '-1', '--format=%cI', 'HEAD']),
      'org.opencontainers.image.version': chartVersion(),
    });
    expect(labels['org.opencontainers.image.source']).toMatch(/^https:\/\//);
    // The Node.js base it was built FROM, by digest; the Debian base by its tarball's sha256.
    expect(labels['org.opencontainers.image.base.name']).toMatch(/\/nimbus-base\/node$/);
    expect(labels['org.opencontainers.image.base.digest']).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(labels['io.nimbus.debian-base.sha256']).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('the released chart', () => {
  it('names the released image by digest for Artifact Hub and deploys it by default', () => {
    const show = (what: string) =>
      helm(['show', what, releasedChart(), '--version', releasedVersion(), ...plainHttp]);
    const chart = parse(show('chart').stdout) as { annotations: Record<string, string> };
    expect(parse(chart.annotations['artifacthub.io/images'] ?? '')).toEqual([
      { name: 'nimbus', image: releasedImage() },
    ]);
    const values = parse(show('values').stdout) as {
      image: { repository: string; digest: string };
    };
    expect(`${values.image.repository}@${values.image.digest}`).toBe(releasedImage());
  });
});

describe("the release's SBOMs (CycloneDX)", () => {
  it("list the operator's and the console's npm packages, and no development tool", () => {
    const npm = bom('sbom-npm.cdx.json');
    expect(npm).toMatchObject({ bomFormat: 'CycloneDX', specVersion: '1.6' });
    const listed = purls(npm.components);
    for (const runtime of [
      'pkg:npm/express@',
      'pkg:npm/%40kubernetes/client-node@',
      'pkg:npm/react@',
      'pkg:npm/antd@',
    ]) {
      expect(
        listed.some((purl) => purl.startsWith(runtime)),
        `${runtime}… listed`,
      ).toBe(true);
    }
    for (const tool of ['pkg:npm/vitest@', 'pkg:npm/eslint@']) {
      expect(
        listed.some((purl) => purl.startsWith(tool)),
        `${tool}… listed`,
      ).toBe(false);
    }
  });

  it("list the image's Debian packages, its npm packages and its Node.js", () => {
    const image = bom('sbom-image.cdx.json');
    expect(image).toMatchObject({ bomFormat: 'CycloneDX', specVersion: '1.6' });
    expect(image.metadata.component).toMatchObject({ name: 'nimbus', version: chartVersion() });
    const listed = purls(image.components);
    for (const debian of ['pkg:deb/debian/libc6@', 'pkg:deb/debian/ca-certificates@']) {
      expect(
        listed.some((purl) => purl.startsWith(debian)),
        `${debian}… listed`,
      ).toBe(true);
    }
    expect(listed.some((purl) => purl.startsWith('pkg:npm/express@'))).toBe(true);
    const node = readFileSync(join(root, 'hack/toolchain.env'), 'utf8').match(
      /^NODE_VERSION[ :?]*= *(\S+)/m,
    )?.[1];
    expect(listed).toContain(`pkg:generic/node@${node}`);
  });
});
