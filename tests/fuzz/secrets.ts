// The secrets the fuzz tier plants (passwords, session tokens, AK/SK, the credentials it puts in
// registry, chart source, receiver and kubeconfig fields) and the scan of the operator's log
// for any of them, as sent or base64-encoded (a Secret's data).
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

export class PlantedSecrets {
  readonly #values = new Set<string>();

  /** A fresh secret, recorded: letters and digits only, so any encoding of it is findable. */
  create(label: string): string {
    const value = `${label}${randomBytes(12).toString('hex')}Zq9`;
    this.#values.add(value);
    return value;
  }

  add(value: string): void {
    if (value.length >= 8) this.#values.add(value);
  }

  get values(): string[] {
    return [...this.#values];
  }
}

export interface LeakedLine {
  line: number;
  /** The line with every planted secret masked, cut to a readable length. */
  excerpt: string;
}

/** Lines of the log (from byte `offset`) that contain a planted secret in any form. */
export async function scanLog(path: string, secrets: string[], offset = 0): Promise<LeakedLine[]> {
  const needles = secrets.flatMap((secret) => [
    secret,
    Buffer.from(secret).toString('base64').replace(/=+$/, ''),
    encodeURIComponent(secret),
  ]);
  const leaks: LeakedLine[] = [];
  const lines = createInterface({ input: createReadStream(path, { start: offset }) });
  let number = 0;
  for await (const text of lines) {
    number += 1;
    if (!needles.some((needle) => text.includes(needle))) continue;
    let masked = text;
    for (const needle of needles) masked = masked.replaceAll(needle, '<planted secret>');
    leaks.push({ line: number, excerpt: masked.slice(0, 400) });
  }
  return leaks;
}
