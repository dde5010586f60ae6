import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { useEffect, useRef } from 'react';

/**
 * An xterm.js terminal filling its box and refitted when the box changes size (xterm then
 * reports the new columns and rows through `onResize`). `onReady` (keep it stable) gets the
 * terminal once it is open, and returns what to do before it is disposed.
 */
export function TerminalView({ onReady }: { onReady: (terminal: Terminal) => () => void }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const terminal = new Terminal({
      cursorBlink: true,
      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
      fontSize: 13,
      scrollback: 5000,
    });
    const fit = new FitAddon();
    terminal.loadAddon(fit);
    terminal.open(element);
    const refit = () => {
      // Nothing to measure while hidden (and under jsdom).
      if (element.clientWidth > 0 && element.clientHeight > 0) fit.fit();
    };
    refit();
    const observer = new ResizeObserver(refit);
    observer.observe(element);
    terminal.focus();
    const release = onReady(terminal);
    return () => {
      release();
      observer.disconnect();
      terminal.dispose();
    };
  }, [onReady]);

  return (
    <div
      ref={box}
      data-testid="shell-terminal"
      style={{ flex: 1, minHeight: 0, background: '#000', padding: 4, borderRadius: 6 }}
    />
  );
}
