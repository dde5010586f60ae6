import { createElement } from 'react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';

const debugStack = (element: ReactElement): unknown =>
  (element as unknown as { _debugStack?: unknown })._debugStack;

describe('React owner stacks in the unit tests (tests/setup.ts)', () => {
  it('are not captured: every element shares React’s unknown-owner stack', () => {
    const created = debugStack(createElement('div'));
    expect(created).toBeDefined();
    expect(debugStack(createElement('span'))).toBe(created);
    // The app's JSX goes through the JSX runtime: the same count, an unknown-owner stack of its own.
    const written = debugStack(<section />);
    expect(written).toBeDefined();
    expect(debugStack(<article />)).toBe(written);
  });
});
