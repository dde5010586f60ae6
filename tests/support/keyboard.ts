// Keyboard checks in the end-to-end suite's Chromium: every control the pointer can use is
// reachable from the keyboard, focus is visible where Tab lands, and dialogs keep focus inside
// while open and hand it back to what opened them (docs/decisions/accessibility.md).
import type { Locator, Page } from 'playwright-core';
import type { Finding } from './accessibility.js';
import { eventually, onScreen } from './eventually.js';

/** What one control looks like in the page: a short description for a failure message. */
export type ControlDescription = string;

/**
 * Controls the pointer can use and the keyboard cannot: the outermost element drawn with a
 * pointer cursor that is not focusable, has no focusable ancestor and holds no focusable
 * element. Composite widgets (menus, tabs, lists, trees, grids) count as reachable when their
 * container or one of their items is in the tab order, as arrow keys move inside them.
 */
export async function mouseOnlyControls(page: Page): Promise<ControlDescription[]> {
  return page.evaluate(() => {
    const tabbable = (element: Element): boolean => {
      if (!(element instanceof HTMLElement || element instanceof SVGElement)) return false;
      if ((element as HTMLElement).tabIndex < 0) return false;
      if (element.matches(':disabled, [inert] *')) return false;
      const native = element.matches(
        'a[href], button, input:not([type=hidden]), select, textarea, summary, iframe, [contenteditable=""], [contenteditable=true]',
      );
      return native || element.hasAttribute('tabindex');
    };
    const compositeItem =
      '[role=menuitem], [role=menuitemcheckbox], [role=menuitemradio], [role=option], [role=tab], [role=treeitem], [role=row], [role=gridcell], [role=radio]';
    const compositeOwner =
      '[role=menu], [role=menubar], [role=listbox], [role=tablist], [role=tree], [role=treegrid], [role=grid], [role=radiogroup]';
    // An item of a composite widget is reached with the arrow keys from its container.
    const reachableHere = (at: Element): boolean => {
      if (tabbable(at)) return true;
      if (!at.matches(compositeItem)) return false;
      const owner = at.closest(compositeOwner);
      return owner !== null && (tabbable(owner) || [...owner.querySelectorAll('*')].some(tabbable));
    };
    const reachable = (element: Element): boolean => {
      for (let at: Element | null = element; at; at = at.parentElement) {
        if (reachableHere(at)) return true;
      }
      return [...element.querySelectorAll('*')].some(reachableHere);
    };
    const shown = (element: Element): boolean => {
      const box = element.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) return false;
      const style = getComputedStyle(element);
      return style.visibility === 'visible' && style.pointerEvents !== 'none';
    };
    const describe = (element: Element): string => {
      const id = element.getAttribute('data-testid');
      const classes = [...element.classList].slice(0, 3).join('.');
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const label = element.getAttribute('aria-label') ?? '';
      return `<${element.tagName.toLowerCase()}${id ? ` data-testid="${id}"` : ''}${
        classes ? ` class="${classes}"` : ''
      }${label ? ` aria-label="${label}"` : ''}> ${text}`.trim();
    };
    const found: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      if (getComputedStyle(element).cursor !== 'pointer') continue;
      const parent = element.parentElement;
      // The cursor is inherited: only the outermost element drawn with it is the control.
      if (parent && getComputedStyle(parent).cursor === 'pointer') continue;
      if (!shown(element) || reachable(element)) continue;
      found.push(describe(element));
    }
    return found;
  });
}

declare global {
  interface Window {
    /** The look of an element, its first child and three ancestors, as their styles compute. */
    __nimbusLookOf: (element: Element) => string;
  }
}

/** Installs `__nimbusLookOf` in the page. */
async function installLook(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.__nimbusLookOf = (element) => {
      const parts: string[] = [];
      // antd draws some rings on a wrapper (inputs, selects) or on the first child (the
      // pagination's arrows): the look takes three ancestors and the first child in.
      const parent = element.parentElement;
      const grandparent = parent?.parentElement;
      const drawn = [element, element.firstElementChild, parent, grandparent];
      drawn.push(grandparent?.parentElement ?? null);
      for (const at of drawn) {
        if (!at) continue;
        const s = getComputedStyle(at);
        parts.push(
          [
            s.outlineStyle,
            s.outlineWidth,
            s.outlineColor,
            s.boxShadow,
            s.borderTopColor,
            s.borderBottomColor,
            s.backgroundColor,
            s.color,
            s.textDecorationLine,
          ].join('|'),
        );
      }
      return parts.join(' / ');
    };
  });
}

export interface TabStop {
  control: ControlDescription;
  /** Whether the element looks different focused than it does unfocused. */
  visible: boolean;
}

/**
 * Walks the tab order from the start of the document with the Tab key, up to `limit` stops or
 * until focus comes round to a stop again, and tells for each stop whether focus is visible
 * there: the element (or its first child, or one of its three nearest ancestors) looks
 * different focused than it does once focus has left it.
 */
export async function walkTabOrder(page: Page, limit = 120): Promise<TabStop[]> {
  await installLook(page);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const stops: Array<{ control: string; focused: string; key: string }> = [];
  for (let index = 0; index < limit; index++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate((next) => {
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      const key = element.getAttribute('data-nimbus-tab-stop') ?? String(next);
      element.setAttribute('data-nimbus-tab-stop', key);
      const id = element.getAttribute('data-testid');
      const role = element.getAttribute('role');
      const label =
        element.getAttribute('aria-label') ??
        (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const control = `<${element.tagName.toLowerCase()}${id ? ` data-testid="${id}"` : ''}${
        role ? ` role="${role}"` : ''
      }> ${label}`;
      return { control, focused: window.__nimbusLookOf(element), key };
    }, index);
    if (!stop) continue;
    if (stops.some((seen) => seen.key === stop.key)) break;
    stops.push(stop);
  }
  // Focus leaves the last stop; then every stop's unfocused look is read.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const unfocused = await page.evaluate(() => {
    const looks: Record<string, string> = {};
    for (const element of document.querySelectorAll('[data-nimbus-tab-stop]')) {
      looks[element.getAttribute('data-nimbus-tab-stop') ?? ''] = window.__nimbusLookOf(element);
      element.removeAttribute('data-nimbus-tab-stop');
    }
    return looks;
  });
  return stops.map((stop) => ({
    control: stop.control,
    // A stop that left the page (a menu that closed) cannot be compared and is not counted.
    visible: unfocused[stop.key] === undefined || unfocused[stop.key] !== stop.focused,
  }));
}

/** What a dialog did with focus: where it went on opening, while tabbing and on closing. */
export interface DialogFocus {
  /** Focus moved into the dialog when it opened. */
  movedIn: boolean;
  /** Controls outside the dialog that Tab reached while it was open (none when trapped). */
  escapedTo: ControlDescription[];
  /** Focus came back to the control that opened the dialog once it closed. */
  returned: boolean;
}

/**
 * Opens a dialog from the keyboard (`open` presses the keys; by default Enter on `opener`), tabs
 * through it `tabs` times, closes it with Escape and reports where focus went at each step:
 * focus must come back to `opener`.
 */
export async function dialogFocus(
  page: Page,
  opener: Locator,
  dialog: Locator,
  { open, tabs = 24 }: { open?: () => Promise<void>; tabs?: number } = {},
): Promise<DialogFocus> {
  if (open) await open();
  else {
    await opener.focus();
    await page.keyboard.press('Enter');
  }
  await dialog.waitFor();
  const inside = () => dialog.evaluate((root) => root.contains(document.activeElement));
  // antd moves focus into the dialog once its opening motion has started.
  const movedIn = await eventually(inside, Boolean, onScreen);
  const escapedTo: string[] = [];
  for (let index = 0; index < tabs; index++) {
    await page.keyboard.press('Tab');
    if (await inside()) continue;
    // Past the dialog's last control focus leaves the page for the browser's own controls (the
    // body holds it here), as with a native modal dialog, or rests a moment on the dialog's own
    // wrapper (which holds the dialog and its Escape key), and comes back to the dialog's first
    // control on the next Tab. Focus on the page behind the dialog is an escape.
    const outside = await dialog.evaluate((root) => {
      const element = document.activeElement;
      if (!element || element === document.body || element.contains(root)) return undefined;
      return `<${element.tagName.toLowerCase()}> ${(element.textContent ?? '').trim().slice(0, 40)}`;
    });
    if (outside !== undefined) escapedTo.push(outside);
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  // …and back to the opener once the closing motion has ended.
  const returned = await eventually(
    () => opener.evaluate((element) => element.contains(document.activeElement)),
    Boolean,
    onScreen,
  );
  return { movedIn, escapedTo, returned };
}

/** Controls only the pointer can use, as a serious finding of the accessibility tier. */
export function keyboardFinding(
  where: Pick<Finding, 'who' | 'address' | 'theme'>,
  controls: ControlDescription[],
): Finding {
  return {
    ...where,
    rule: 'keyboard-reachable',
    impact: 'serious',
    help: 'Every control the pointer can use is reachable with the keyboard',
    elements: controls.slice(0, 3),
    why: `${controls.length} control(s) have no place in the tab order`,
  };
}
