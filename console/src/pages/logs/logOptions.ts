import type { ContainerTarget } from '../../pods/podPaths';
import { podStreamUrl } from '../../pods/podPaths';

/** What the viewer asks the member for (PodLogOptions the operator passes on). */
export interface LogOptions {
  follow: boolean;
  /** The last n lines, or the whole log. */
  tailLines: number | 'all';
  /** Only lines of the last n seconds; the whole log when undefined. */
  sinceSeconds: number | undefined;
  previous: boolean;
  timestamps: boolean;
}

export const DEFAULT_LOG_OPTIONS: LogOptions = {
  follow: true,
  tailLines: 1000,
  sinceSeconds: undefined,
  previous: false,
  timestamps: false,
};

export const TAIL_CHOICES = [100, 1000, 10_000, 'all'] as const;
/** 5 minutes, 1 hour, 6 hours, 1 day. */
export const SINCE_CHOICES = [300, 3600, 21_600, 86_400] as const;

/** The log endpoint's URL for `options`; a download is the same read without `follow`. */
export function logsUrl(
  baseUrl: string,
  target: ContainerTarget,
  options: LogOptions,
  purpose: 'view' | 'download' = 'view',
): string {
  const query = new URLSearchParams({ container: target.container });
  if (options.follow && purpose === 'view') query.set('follow', 'true');
  if (options.tailLines !== 'all') query.set('tailLines', String(options.tailLines));
  if (options.sinceSeconds !== undefined) query.set('sinceSeconds', String(options.sinceSeconds));
  if (options.previous) query.set('previous', 'true');
  if (options.timestamps) query.set('timestamps', 'true');
  return `${podStreamUrl(baseUrl, 'podLogs', target)}?${query.toString()}`;
}

/** `<pod>-<container>.log`, the download's file name. */
export const downloadName = (target: ContainerTarget): string =>
  `${target.pod}-${target.container}.log`;
