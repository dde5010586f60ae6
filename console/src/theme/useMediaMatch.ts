import { useEffect, useState } from 'react';

/** Whether the media query `list` gives matches now, followed as it changes; false without one. */
export function useMediaMatch(list: () => MediaQueryList | undefined): boolean {
  const [matches, setMatches] = useState(() => list()?.matches ?? false);
  useEffect(() => {
    const query = list();
    if (!query) return undefined;
    const follow = (event: MediaQueryListEvent) => setMatches(event.matches);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [list]);
  return matches;
}
