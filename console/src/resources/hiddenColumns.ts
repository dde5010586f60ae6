import { useCallback, useState } from 'react';
import { localStore } from '../session/localStore';
import { readSession } from '../session/session';

// The columns a user hid, per kind, remembered in this browser under her user id: another user
// signing in here keeps her own choice, and a sign-out does not forget it.

const storageKey = (userId: string) => `nimbus.columns.${userId}`;

type HiddenByKind = Record<string, string[]>;

function readAll(userId: string): HiddenByKind {
  try {
    const parsed: unknown = JSON.parse(localStore()?.getItem(storageKey(userId)) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).map(([kind, keys]) => [
        kind,
        Array.isArray(keys) ? keys.filter((key): key is string => typeof key === 'string') : [],
      ]),
    );
  } catch {
    return {};
  }
}

export function readHiddenColumns(userId: string, kind: string): string[] {
  return readAll(userId)[kind] ?? [];
}

export function saveHiddenColumns(userId: string, kind: string, hidden: readonly string[]): void {
  const others = Object.entries(readAll(userId)).filter(([other]) => other !== kind);
  const all = Object.fromEntries(hidden.length === 0 ? others : [...others, [kind, [...hidden]]]);
  localStore()?.setItem(storageKey(userId), JSON.stringify(all));
}

/** The signed-in user's hidden columns of `kind`, and a setter that remembers them. */
export function useHiddenColumns(kind: string): [string[], (hidden: string[]) => void] {
  const userId = readSession().userId ?? '';
  const [hidden, setHidden] = useState(() => readHiddenColumns(userId, kind));
  const choose = useCallback(
    (next: string[]) => {
      saveHiddenColumns(userId, kind, next);
      setHidden(next);
    },
    [userId, kind],
  );
  return [hidden, choose];
}
