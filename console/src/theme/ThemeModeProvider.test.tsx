import { act, render, screen, waitFor } from '@testing-library/react';
import { Modal, theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeModeProvider } from './ThemeModeProvider';

/** A system whose "less motion" setting the test sets, and changes while the page is open. */
function systemMotion(reduce: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const list = {
    media: '(prefers-reduced-motion: reduce)',
    matches: reduce,
    addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.delete(listener),
  };
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      (query === list.media
        ? list
        : {
            matches: false,
            addEventListener: () => undefined,
            removeEventListener: () => undefined,
          }) as unknown as MediaQueryList,
  );
  return {
    change(next: boolean) {
      list.matches = next;
      act(() => {
        for (const listener of listeners) listener({ matches: next } as MediaQueryListEvent);
      });
    },
  };
}

function MotionProbe() {
  const { token } = theme.useToken();
  return <span data-testid="motion">{`${String(token.motion)} ${token.motionDurationMid}`}</span>;
}

describe('motion', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is off while the system asks for less of it, and follows the setting as it changes', () => {
    const system = systemMotion(true);
    render(
      <ThemeModeProvider>
        <MotionProbe />
      </ThemeModeProvider>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('false 0s');
    system.change(false);
    expect(screen.getByTestId('motion').textContent).toBe('true 0.2s');
  });

  // rc-motion puts its `-prepare` class on the first frame either way; with motion on it goes on
  // to `-active` (and waits there for an animation end jsdom never sends), with motion off it
  // drops the classes at once (seen in Chromium: prepare, then none).
  it('opens a dialog in place, with no zoom, while the system asks for less motion', async () => {
    systemMotion(true);
    render(
      <ThemeModeProvider>
        <Modal open title="Pause scheduling" />
      </ThemeModeProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Pause scheduling' });
    await waitFor(() => expect(dialog.className).not.toMatch(/zoom/));
  });

  it('zooms a dialog open otherwise', async () => {
    systemMotion(false);
    render(
      <ThemeModeProvider>
        <Modal open title="Pause scheduling" />
      </ThemeModeProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Pause scheduling' });
    await waitFor(() => expect(dialog.className).toContain('ant-zoom-appear-active'));
  });
});
