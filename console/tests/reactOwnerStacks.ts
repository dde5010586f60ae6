import * as React from 'react';

/**
 * React's development build, which the unit tests need for `act()`, captures a stack trace for
 * every element it creates (its "owner stacks", shown in its warnings and developer tools), up
 * to 10,000 per render: about a seventh of this tier's CPU (docs/testing.md, "The console unit
 * tier: React's owner stacks"). React keeps the count on its internals object and takes the
 * shared "unknown owner" stack once it reaches the limit; pinning the count there turns the
 * capture off. Warnings still print, without the owner's stack.
 * `reactOwnerStacks.test.tsx` fails when a React upgrade moves the count.
 */
export function stopOwnerStackCapture(): void {
  const internals = (React as unknown as Record<string, object | undefined>)
    .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  if (!internals || !('recentlyCreatedOwnerStacks' in internals)) return;
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
    configurable: true,
    get: () => ownerStackLimit,
    set: () => undefined,
  });
}

/** React's limit per render (react.development.js: `1e4 > recentlyCreatedOwnerStacks++`). */
const ownerStackLimit = 10_000;
