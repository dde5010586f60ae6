import { gunzipSync } from 'node:zlib';

/** The files of a chart archive the app store shows, by path below the chart's directory. */
export interface ChartFiles {
  chartYaml?: string;
  readme?: string;
  values?: string;
}

const block = 512;
const maxUnpackedBytes = 64 * 1024 * 1024;

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? raw.length : end).toString('utf8');
}

function paxPath(data: Buffer): string | undefined {
  for (const line of data.toString('utf8').split('\n')) {
    const match = /^\d+ path=(.*)$/.exec(line);
    if (match) return match[1];
  }
  return undefined;
}

/** Regular files of a (ustar/PAX) tar archive, path → content. */
export function untar(tar: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let offset = 0;
  let nextPath: string | undefined;
  while (offset + block <= tar.length) {
    const header = tar.subarray(offset, offset + block);
    if (header.every((byte) => byte === 0)) break;
    const size = Number.parseInt(field(header, 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156] ?? 0);
    const prefix = field(header, 345, 155);
    const name = prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100);
    const data = tar.subarray(offset + block, offset + block + size);
    if (type === 'x') nextPath = paxPath(data);
    else if (type === 'L') nextPath = data.toString('utf8').replace(/\0.*$/s, '');
    else {
      if (type === '0' || type === '\0') files.set(nextPath ?? name, Buffer.from(data));
      nextPath = undefined;
    }
    offset += block + Math.ceil(size / block) * block;
  }
  return files;
}

/** Chart.yaml, README and values.yaml of a packaged chart (`helm package` output). */
export function readChartArchive(tgz: Buffer): ChartFiles {
  const files = untar(gunzipSync(tgz, { maxOutputLength: maxUnpackedBytes }));
  const top = (name: RegExp): string | undefined => {
    for (const [path, content] of files) {
      const parts = path.split('/');
      if (parts.length === 2 && name.test(parts[1] ?? '')) return content.toString('utf8');
    }
    return undefined;
  };
  const chartYaml = top(/^Chart\.yaml$/);
  const readme = top(/^README(\.md)?$/i);
  const values = top(/^values\.yaml$/);
  return {
    ...(chartYaml !== undefined ? { chartYaml } : {}),
    ...(readme !== undefined ? { readme } : {}),
    ...(values !== undefined ? { values } : {}),
  };
}
