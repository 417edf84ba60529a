import { API, FlaggedEvent, Reconciliation, SyncResult } from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';
import type { AdminResource } from '../tabs/resource-types.ts';

/** What each flag means, in the office's words. */
export const RECONCILIATION_FLAG_LABELS: Record<FlaggedEvent['flag'], string> = {
  unknown_order: 'Payment for an order we do not know',
  amount_mismatch: 'Captured amount differs from the order',
  capture_after_failure: 'Captured after our payment had failed',
  capture_after_cancel: 'Captured after our payment was cancelled',
  paid_twice: 'Paid twice',
  not_granted: 'Paid, but access was not granted',
  refund_failed: 'Refund failed at the gateway',
  unknown_refund: 'A refund we did not ask for',
};

/** The three things the office can do about a flagged event (POST …/reconciliation/{id}/resolve/). */
export const RECONCILE_ACTIONS = {
  grant: {
    label: 'Grant access',
    explain: "Completes this event's payment and gives the student the course.",
  },
  refund: {
    label: 'Refund',
    explain:
      'Refunds the money through the gateway: our completed payment (access is revoked), or the captured gateway payment no payment of ours took.',
  },
  resolve: {
    label: 'Mark resolved',
    explain: 'Closes the event without changing any payment; say in the note what was done.',
  },
} as const;
export type ReconcileAction = keyof typeof RECONCILE_ACTIONS;

/** A flagged event with the action its dialog was opened for. */
export type ReconcileItem = FlaggedEvent & { action: ReconcileAction };

/**
 * The Reconciliation tab (administrators): flagged gateway events and pending payments older than 30
 * minutes (GET /api/admin/reconciliation/), not a paged list: its own panel renders it. As a resource it
 * names the tab and the flagged events' resolve endpoint (the admin modal's resolve mode saves there).
 */
export const reconciliationResource: AdminResource<FlaggedEvent> = {
  key: 'reconciliation',
  label: 'Reconciliation',
  singular: 'Event',
  item: FlaggedEvent,
  listPath: API.admin.reconciliation,
  listQuery: {},
  columns: [],
  details: () => [],
  resolvePath: (id) => API.admin.reconciliationResolve(id),
};

export const fetchReconciliation = () => api.get(API.admin.reconciliation, Reconciliation);

/** POST /api/admin/reconciliation/sync/: asks the gateway about pending payments' orders. */
export const syncWithGateway = () => api.post(API.admin.reconciliationSync, undefined, SyncResult);
