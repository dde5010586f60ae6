import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface SignInTab<Key extends string> {
  key: Key;
  label: string;
  content: ReactNode;
}

const NEXT_TAB_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * Tabs in antd's look with the WAI-ARIA tabs pattern: one tab stop, arrow keys, Home and End
 * move and select. Like antd, a panel is rendered once first selected and then kept (hidden),
 * so what was typed survives switching back and forth.
 */
export function SignInTabs<Key extends string>({ tabs }: { tabs: readonly SignInTab<Key>[] }) {
  const [active, setActive] = useState<Key | undefined>(tabs[0]?.key);
  const [visited, setVisited] = useState<ReadonlySet<Key>>(
    () => new Set(tabs.slice(0, 1).map((tab) => tab.key)),
  );
  const tabElements = useRef(new Map<Key, HTMLButtonElement>());
  const idPrefix = useId();
  const ids = (key: Key) => ({ tab: `${idPrefix}-tab-${key}`, panel: `${idPrefix}-panel-${key}` });

  const select = (key: Key) => {
    setActive(key);
    setVisited((seen) => (seen.has(key) ? seen : new Set([...seen, key])));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = NEXT_TAB_KEYS[event.key];
    const index = tabs.findIndex((tab) => tab.key === active);
    const target = next && tabs[next(index, tabs.length)];
    if (!target) return;
    event.preventDefault();
    select(target.key);
    tabElements.current.get(target.key)?.focus();
  };

  return (
    <div className="nimbus-tabs">
      <div className="nimbus-tabs__list" role="tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            ref={(element) => {
              if (element) tabElements.current.set(tab.key, element);
            }}
            type="button"
            role="tab"
            id={ids(tab.key).tab}
            className="nimbus-tabs__tab"
            aria-selected={tab.key === active}
            aria-controls={visited.has(tab.key) ? ids(tab.key).panel : undefined}
            tabIndex={tab.key === active ? 0 : -1}
            onClick={() => select(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs
        .filter((tab) => visited.has(tab.key))
        .map((tab) => (
          <div
            key={tab.key}
            role="tabpanel"
            id={ids(tab.key).panel}
            aria-labelledby={ids(tab.key).tab}
            hidden={tab.key !== active}
            className="nimbus-tabs__panel"
          >
            {tab.content}
          </div>
        ))}
    </div>
  );
}
