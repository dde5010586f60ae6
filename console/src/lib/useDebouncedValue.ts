import { useEffect, useState } from 'react';

/**
 * The value as it was `waitMs` after it last changed: a search box asks the server once the
 * user pauses, not at every keystroke (each of which could fail and say so).
 */
export function useDebouncedValue<T>(value: T, waitMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), waitMs);
    return () => clearTimeout(timer);
  }, [value, waitMs]);
  return settled;
}
