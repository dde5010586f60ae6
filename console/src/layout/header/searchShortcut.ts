/**
 * Ctrl+K (⌘K on a Mac) opens the global search, as in most consoles. Not inside a terminal:
 * there Ctrl+K belongs to the shell (it cuts to the end of the line).
 */
export function isSearchShortcut(event: KeyboardEvent): boolean {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return false;
  if (event.key.toLowerCase() !== 'k') return false;
  const target = event.target;
  return !(target instanceof Element && target.closest('.xterm') !== null);
}
