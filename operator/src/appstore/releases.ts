import type {
  MemberRefusal,
  RefusalData,
  Release,
  ReleaseOperation,
  ReleaseRevision,
} from '@nimbus/api';
import { z } from 'zod';
import { ApiError, errors } from '../core/errors.js';
import type { UserMember } from '../k8s/member-access.js';
import { refusalText } from '../k8s/member-refusal.js';
import { helmTimeToIso } from './helm-time.js';
import type { HelmResult } from './helm-runner.js';
import { runHelm } from './helm-runner.js';

const listedSchema = z.array(
  z.looseObject({
    name: z.string(),
    namespace: z.string(),
    revision: z.union([z.string(), z.number()]),
    status: z.string(),
    chart: z.string(),
    app_version: z.string().optional(),
    updated: z.string().optional(),
  }),
);
const historySchema = z.array(
  z.looseObject({
    revision: z.number(),
    status: z.string(),
    chart: z.string(),
    app_version: z.string().optional(),
    updated: z.string().optional(),
    description: z.string().optional(),
  }),
);
const releaseJsonSchema = z.looseObject({
  name: z.string(),
  namespace: z.string(),
  version: z.number(),
  info: z.looseObject({ status: z.string() }),
});

/** Helm's words are bounded, like member messages, and never carry the relay's address. */
function helmMessage(result: HelmResult): string {
  const text = result.stderr.replace(/^Error: /m, '').trim() || `helm exited with ${result.code}`;
  return text.length > 1000 ? `${text.slice(0, 1000)}…` : text;
}

/**
 * The refusal Helm failed on: the one whose member words Helm printed, else the last. Helm may
 * meet refusals it tolerates (an optional read) before the one that stops it.
 */
function decisiveRefusal(result: HelmResult): MemberRefusal | undefined {
  const printed = result.refusals.filter((r) => result.stderr.includes(r.reason.slice(0, 120)));
  return printed.at(-1) ?? result.refusals.at(-1);
}

/** The member (or Helm) said no: forbidden is 9997 as everywhere; the rest keep Helm's reason. */
function helmFailure(result: HelmResult): ApiError {
  const message = helmMessage(result);
  if (/forbidden/i.test(message)) {
    const refusal = decisiveRefusal(result);
    if (!refusal) return new ApiError(errors.noPermission, { message });
    const data: RefusalData = { refusal };
    return new ApiError(errors.noPermission, { message: refusalText(refusal), details: data });
  }
  if (/release: not found|not found/i.test(message))
    return new ApiError(errors.notFound, { message });
  if (/cannot re-use a name|another operation .* is in progress/i.test(message)) {
    return new ApiError(errors.conflict, { message });
  }
  return new ApiError(errors.validationFailed, { message });
}

export interface ReleaseOptions {
  helmPath: string;
}

/** Helm operations in one namespace of a member, as the caller (see runHelm). */
export function releasesIn(member: UserMember, namespace: string, options: ReleaseOptions) {
  const helm = async (
    args: (dir: string) => string[],
    files?: Record<string, Buffer | string>,
  ): Promise<string> => {
    const result = await runHelm(member, namespace, args, {
      helmPath: options.helmPath,
      ...(files ? { files } : {}),
    });
    if (result.code !== 0) throw helmFailure(result);
    return result.stdout;
  };
  const operation = (stdout: string): ReleaseOperation => {
    const release = releaseJsonSchema.parse(JSON.parse(stdout));
    return {
      release: release.name,
      namespace: release.namespace,
      revision: release.version,
      status: release.info.status,
      output: '',
    };
  };
  const chartFiles = (archive: Buffer, values: string) => ({
    'chart.tgz': archive,
    'values.yaml': values,
  });
  const chartArgs = (dir: string) => [
    `${dir}/chart.tgz`,
    '--values',
    `${dir}/values.yaml`,
    '--output',
    'json',
  ];

  return {
    async list(): Promise<Release[]> {
      // Helm 4 lists releases in every status by default and has no --all (docs/decisions/helm-4-and-node-26.md).
      const listed = listedSchema.parse(JSON.parse(await helm(() => ['list', '--output', 'json'])));
      return listed.map((r) => ({
        name: r.name,
        namespace: r.namespace,
        revision: Number(r.revision),
        status: r.status,
        chart: r.chart,
        ...(r.app_version ? { appVersion: r.app_version } : {}),
        ...(r.updated ? { updated: helmTimeToIso(r.updated) } : {}),
      }));
    },
    async history(release: string): Promise<ReleaseRevision[]> {
      const stdout = await helm(() => ['history', release, '--output', 'json']);
      return historySchema.parse(JSON.parse(stdout)).map((r) => ({
        revision: r.revision,
        status: r.status,
        chart: r.chart,
        ...(r.app_version ? { appVersion: r.app_version } : {}),
        ...(r.updated ? { updated: helmTimeToIso(r.updated) } : {}),
        ...(r.description ? { description: r.description } : {}),
      }));
    },
    async values(release: string): Promise<string> {
      const stdout = await helm(() => ['get', 'values', release, '--output', 'yaml']);
      return stdout.trim() === 'null' ? '' : stdout;
    },
    async install(release: string, archive: Buffer, values: string): Promise<ReleaseOperation> {
      const stdout = await helm(
        (dir) => ['install', release, ...chartArgs(dir)],
        chartFiles(archive, values),
      );
      return operation(stdout);
    },
    async upgrade(release: string, archive: Buffer, values: string): Promise<ReleaseOperation> {
      const stdout = await helm(
        (dir) => ['upgrade', release, ...chartArgs(dir)],
        chartFiles(archive, values),
      );
      return operation(stdout);
    },
    async rollback(release: string, revision: number): Promise<ReleaseOperation> {
      const output = await helm(() => ['rollback', release, String(revision)]);
      const [latest] = (await this.history(release)).slice(-1);
      return {
        release,
        namespace,
        ...(latest ? { revision: latest.revision, status: latest.status } : { status: 'unknown' }),
        output: output.trim(),
      };
    },
    async uninstall(release: string): Promise<ReleaseOperation> {
      const output = await helm(() => ['uninstall', release]);
      return { release, namespace, status: 'uninstalled', output: output.trim() };
    },
  };
}
