import { act } from '@testing-library/react';

/**
 * Lets React run its effects and every promise chain started from them run to its next I/O, by
 * turning the event loop a few times (0 ms timers, not a wall-clock wait). A request the page
 * would send has reached `fetch` by then, so a test can assert that none was sent.
 */
export async function settle(turns = 3): Promise<void> {
  for (let turn = 0; turn < turns; turn++) {
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  }
}
