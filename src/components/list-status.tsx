import type { ReactNode } from 'react';
import { Notice } from './notice.tsx';

type Props = {
  loading: boolean;
  error: string | null;
  empty: boolean;
  loadingText?: string;
  emptyText: string;
  onRetry?: () => void;
  children: ReactNode;
};

/** Loading, failure, empty or the items: the four faces of a list (list machine snapshot). */
export function ListStatus({ loading, error, empty, loadingText = 'Loading...', emptyText, onRetry, children }: Props) {
  if (loading) {
    return (
      <p className="status-text" role="status">
        {loadingText}
      </p>
    );
  }
  if (error) {
    return (
      <Notice kind="error">
        {error}{' '}
        {onRetry ? (
          <button type="button" className="btn btn-outline btn-small" onClick={onRetry}>
            Try again
          </button>
        ) : null}
      </Notice>
    );
  }
  if (empty) {
    return (
      <p className="status-text" role="status">
        {emptyText}
      </p>
    );
  }
  return <>{children}</>;
}
