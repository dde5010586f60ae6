import { useLayoutEffect, useMemo, useRef } from 'react';

/** Whether focus went nowhere (the body): the element that held it has left the page. */
const focusLost = () => document.activeElement === null || document.activeElement === document.body;

/**
 * Gives focus back to what held it when a dialog opened, for dialogs unmounted at once when
 * they close: antd's Modal restores focus only at the end of its closing motion, which such a
 * dialog never reaches, and a keyboard user would be left at the top of the page
 * (docs/decisions/accessibility.md). `remember` runs as the dialog opens, `giveBack` as it
 * closes; focus moves only if it was lost, never away from where the user has moved it.
 */
export function useFocusReturn(): { remember: () => void; giveBack: () => void } {
  const opener = useRef<HTMLElement | null>(null);
  return useMemo(
    () => ({
      remember: () => {
        const active = document.activeElement;
        opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      },
      giveBack: () => {
        const target = opener.current;
        opener.current = null;
        // After the render that removes the dialog (and its focused element) from the page.
        requestAnimationFrame(() => {
          if (target?.isConnected && focusLost()) target.focus();
        });
      },
    }),
    [],
  );
}

/**
 * `useFocusReturn` for a dialog whose open state lives elsewhere (the store): remembers what
 * holds focus when `open` turns true and gives it back when it turns false. Runs before antd's
 * Modal moves focus into the dialog, which happens once its opening motion has begun.
 */
export function useFocusReturnWhile(open: boolean): void {
  const focus = useFocusReturn();
  useLayoutEffect(() => {
    if (!open) return undefined;
    focus.remember();
    return focus.giveBack;
  }, [open, focus]);
}
