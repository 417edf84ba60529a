import { useEffect, useRef, type ReactNode } from 'react';

type Props = { kind: 'success' | 'error' | 'info'; children: ReactNode; onDismiss?: () => void };

/**
 * The in-page notice that replaces the spec's window.alert: success and info are a polite status,
 * errors an alert, so screen readers announce both. The icon and word keep colour from being the only signal.
 */
export function Notice({ kind, children, onDismiss }: Props) {
  return (
    <NoticeBox kind={kind} onDismiss={onDismiss}>
      {children}
    </NoticeBox>
  );
}

/**
 * The one way a form shows why the server refused it (decision 068): rendered inside the form, next to
 * the button that sent it, and focused (so scrolled into view and read out) whenever it appears or its
 * words change. A form never shows its refusal in a page-level banner the user may have scrolled past.
 */
export function FormError({ children, onDismiss }: { children: ReactNode; onDismiss?: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const text = typeof children === 'string' ? children : null;
  useEffect(() => {
    ref.current?.focus();
  }, [text]);
  return (
    <NoticeBox kind="error" focusRef={ref} onDismiss={onDismiss}>
      {children}
    </NoticeBox>
  );
}

/** A read that failed: the server's words and Try again (which reads again). */
export function RetryNotice({ error, onRetry }: { error: ReactNode; onRetry: () => void }) {
  return (
    <Notice kind="error">
      {error}{' '}
      <button type="button" className="btn btn-outline btn-small" onClick={onRetry}>
        Try again
      </button>
    </Notice>
  );
}

function NoticeBox({
  kind,
  children,
  onDismiss,
  focusRef,
}: Props & { focusRef?: React.RefObject<HTMLDivElement | null> }) {
  const label = kind === 'success' ? 'Success:' : kind === 'error' ? 'Error:' : 'Note:';
  return (
    <div
      ref={focusRef}
      className={`notice notice-${kind}`}
      role={kind === 'error' ? 'alert' : 'status'}
      tabIndex={focusRef ? -1 : undefined}
      data-form-error={focusRef ? '' : undefined}
    >
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
