// The kubectl command lines the test tiers send most, read into what they ask for, so that
// answer.ts can answer them with one request; any flag not listed here leaves the
// command to kubectl.

export interface KubectlCommand {
  positional: string[];
  flags: Map<string, string>;
}

// Long names, and the short ones kubectl gives them.
const valueFlags: Record<string, string> = {
  n: 'namespace',
  namespace: 'namespace',
  l: 'selector',
  selector: 'selector',
  'field-selector': 'field-selector',
  o: 'output',
  output: 'output',
  f: 'filename',
  filename: 'filename',
  subresource: 'subresource',
  as: 'as',
  wait: 'wait',
  'ignore-not-found': 'ignore-not-found',
};
const switches: Record<string, string> = {
  A: 'all-namespaces',
  'all-namespaces': 'all-namespaces',
  'ignore-not-found': 'ignore-not-found',
  wait: 'wait',
};

/** The command's words and flags, or undefined when it has a flag this reader does not know. */
export function readKubectlArgs(args: readonly string[]): KubectlCommand | undefined {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--') return undefined;
    if (!arg.startsWith('-') || arg === '-') {
      positional.push(arg);
      continue;
    }
    const long = arg.startsWith('--');
    const body = arg.slice(long ? 2 : 1);
    const equals = body.indexOf('=');
    if (equals >= 0) {
      const name = valueFlags[body.slice(0, equals)];
      if (!name) return undefined;
      flags.set(name, body.slice(equals + 1));
      continue;
    }
    if (switches[body]) {
      flags.set(switches[body], 'true');
      continue;
    }
    const name = valueFlags[body];
    const value = args[i + 1];
    if (!name || value === undefined) return undefined;
    flags.set(name, value);
    i++;
  }
  return { positional, flags };
}
