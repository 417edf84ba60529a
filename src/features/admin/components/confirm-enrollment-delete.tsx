import { useMachine } from '@xstate/react';
import { MESSAGES } from '../../../../contract/index.ts';
import { Notice, RetryNotice } from '../../../components/notice.tsx';
import { ConfirmDeleteFooter } from '../../../components/confirm-delete-footer.tsx';
import type { ConfirmDeleteProps } from '../tabs/resource-types.ts';
import { UnpaidInstalments } from './impact-lists.tsx';

/**
 * The Enrollments tab's Delete (decision 077): before the button is offered, what the delete touches is
 * read (GET /api/admin/enrollments/{id}/impact/) and listed: the student and course, a workshop seat that
 * comes free, the instalments still due. An enrollment that was paid for cannot be deleted: the dialog says
 * so (resolve it to Cancelled) and offers no Delete. A failed read offers Try again, never the delete.
 */
export function ConfirmEnrollmentDelete({ item, machines, saving, onConfirm, onCancel }: ConfirmDeleteProps) {
  const [snapshot, send] = useMachine(machines.enrollmentImpact!, { input: { params: { id: item.id } } });
  const impact = snapshot.matches('loaded') ? snapshot.context.data : null;
  return (
    <>
      {snapshot.matches('loading') ? <p role="status">Reading what this delete touches...</p> : null}
      {snapshot.matches('failed') ? (
        <RetryNotice error={snapshot.context.error} onRetry={() => send({ type: 'loader.reload' })} />
      ) : null}
      {impact ? (
        <>
          <p>
            {impact.student}: {impact.title} ({impact.course_type}
            {impact.batch ? `, batch ${impact.batch}` : ''}, {impact.status}).
          </p>
          {impact.delete_refused ? (
            <Notice kind="info">{impact.delete_refused}</Notice>
          ) : (
            <>
              <p>{MESSAGES.deleteConfirm}</p>
              {impact.seat_released ? <p>Their workshop seat is given back for someone else.</p> : null}
            </>
          )}
          <UnpaidInstalments
            unpaid={impact.unpaid_instalments}
            totalPaise={impact.unpaid_total_paise}
            consequence={
              impact.delete_refused
                ? 'stays due while the enrollment stays.'
                : 'is no longer asked for: the schedule goes with the enrollment.'
            }
          />
        </>
      ) : null}
      <ConfirmDeleteFooter
        saving={saving}
        onConfirm={onConfirm}
        onCancel={onCancel}
        offered={impact !== null && !impact.delete_refused}
      />
    </>
  );
}
