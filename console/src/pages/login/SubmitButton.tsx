import type { ReactNode } from 'react';

/**
 * antd's full-width primary button. While submitting it spins and says it is busy; it stays
 * enabled (and focused), the form ignoring a second submit meanwhile, as antd's loading button.
 */
export function SubmitButton({
  submitting,
  children,
}: {
  submitting: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      className="nimbus-submit"
      aria-busy={submitting}
      aria-disabled={submitting}
    >
      {submitting && <span className="nimbus-submit__spinner" aria-hidden />}
      {children}
    </button>
  );
}
