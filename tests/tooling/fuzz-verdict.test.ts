// The fuzz tier's verdict (tests/fuzz/verdict.ts): a 5xx passes only as a catalogue answer for a
// server the caller named, and only on an operation whose declaration lists that code.
import { describe, expect, it } from 'vitest';
import type { Operation } from '../fuzz/document.js';
import { judge } from '../fuzz/verdict.js';
import type { Answer } from '../fuzz/wire.js';

const operation = (id: string, errorCodes?: number[]): Operation => ({
  id,
  method: 'POST',
  path: `/${id}`,
  parameters: [],
  response: 'json',
  rawMediaTypes: ['application/json'],
  public: false,
  ...(errorCodes ? { errorCodes: new Set(errorCodes) } : {}),
});

const answer = (status: number, code: number): Answer => ({
  status,
  headers: { 'content-type': 'application/json' },
  text: JSON.stringify({ code, message: `answer ${code}`, data: null }),
});

describe('the fuzz verdict', () => {
  it('passes a registry that cannot be reached on an operation that reaches registries', () => {
    expect(judge(operation('testRegistry', [1000, 2003]), answer(502, 2003), false)).toEqual({
      outcome: '2003',
    });
  });

  it.each([
    ['a member cluster', 2001],
    ['a registry', 2003],
    ['a chart source', 2005],
  ])('fails "%s cannot be reached" on an operation that reaches no such server', (_what, code) => {
    const verdict = judge(operation('listUsers', [1000, 9997]), answer(502, code), false);
    expect(verdict.problem).toContain(`code ${code} is not among the answers`);
  });

  it('fails any other 5xx even where the document declares it', () => {
    expect(judge(operation('listUsers', [1000, 5000]), answer(500, 5000), false).problem).toBe(
      '500 5000: answer 5000',
    );
  });

  it('fails a 4xx code the document does not declare for the operation', () => {
    expect(judge(operation('listUsers', [1000]), answer(404, 1004), false).problem).toContain(
      'code 1004 is not among the answers the document declares for listUsers',
    );
  });

  it('takes any catalogue code from an operation that declares a default answer', () => {
    expect(judge(operation('openShell'), answer(404, 1004), false)).toEqual({ outcome: '1004' });
  });

  it("fails a code answered with another status than the catalogue's", () => {
    expect(judge(operation('testRegistry', [2003]), answer(500, 2003), false).problem).toBe(
      'code 2003 answered with 500, the catalogue says 502',
    );
  });
});
