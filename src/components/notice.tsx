import type { ReactNode } from 'react';

type Props = { kind: 'success' | 'error' | 'info'; children: ReactNode; onDismiss?: () => void };

/**
 * The in-page notice that replaces the spec's window.alert: success and info are a polite status,
 * errors an alert, so screen readers announce both. The icon and word keep colour from being the only signal.
 */
export function Notice({ kind, children, onDismiss }: Props) {
  const label = kind === 'success' ? 'Success:' : kind === 'error' ? 'Error:' : 'Note:';
  return (
    <div className={`notice notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <div>
        <strong>{label}</strong> {children}
      </div>
      {onDismiss ? (
        <button type="button" className="btn btn-ghost btn-small" onClick={onDismiss} aria-label="Dismiss message">
          ✕
        </button>
      ) : null}
    </div>
  );
}
