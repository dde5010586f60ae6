// The reader of kubectl command lines that decides which commands the test tiers answer over
// HTTPS (support/kubectl-args.ts): a flag it does not know must leave the command to kubectl.
import { describe, expect, it } from 'vitest';
import { readKubectlArgs } from '../support/kubectl-https/args.js';

const read = (...args: string[]) => {
  const command = readKubectlArgs(args);
  return command && { positional: command.positional, flags: Object.fromEntries(command.flags) };
};

describe('readKubectlArgs', () => {
  it('reads short and long flags, with the value after them or after =', () => {
    expect(read('get', 'pods', '-n', 'demo', '--selector=app=web', '-o', 'json')).toEqual({
      positional: ['get', 'pods'],
      flags: { namespace: 'demo', selector: 'app=web', output: 'json' },
    });
    expect(read('-n=demo', 'get', 'cm', 'a', '--output', 'name', '-l', 'x')).toEqual({
      positional: ['get', 'cm', 'a'],
      flags: { namespace: 'demo', output: 'name', selector: 'x' },
    });
  });

  it('reads switches with and without a value', () => {
    expect(read('delete', 'cm', 'a', '--ignore-not-found', '--wait=false')).toEqual({
      positional: ['delete', 'cm', 'a'],
      flags: { 'ignore-not-found': 'true', wait: 'false' },
    });
    expect(read('get', 'cm', '-A', '-o', 'json')?.flags).toEqual({
      'all-namespaces': 'true',
      output: 'json',
    });
  });

  it('gives up on a flag it does not know, a flag without its value, and --', () => {
    expect(read('get', 'cm', '--show-managed-fields', '-o', 'json')).toBeUndefined();
    expect(read('get', 'cm', '-ojson')).toBeUndefined();
    expect(read('get', 'cm', '-o')).toBeUndefined();
    expect(read('exec', 'pod', '--', 'ls')).toBeUndefined();
  });

  it('takes - (standard input) as a word', () => {
    expect(read('apply', '-f', '-')).toEqual({ positional: ['apply'], flags: { filename: '-' } });
    expect(read('get', '-')?.positional).toEqual(['get', '-']);
  });
});
