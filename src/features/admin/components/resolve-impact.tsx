import { useMachine } from '@xstate/react';
import type { LoaderLogic } from '../../../../machines/loader.machine.ts';
import type { EnrollmentImpact } from '../../../../contract/index.ts';
import { RetryNotice } from '../../../components/notice.tsx';
import { UnpaidInstalments } from './impact-lists.tsx';

/**
 * Resolving an enrollment to a status without access (Cancelled, Failed, Pending) says first what it touches
 * (issue 39, decision 077), read from GET /api/admin/enrollments/{id}/impact/: the student loses the course,
 * a workshop seat comes free, and the instalments still due stay due (the Instalments tab's refund cancels
 * them). Shown under the status while such a status is chosen; Resolve stays the administrator's choice.
 */
export function ResolveImpact({ id, loader }: { id: number; loader: LoaderLogic<EnrollmentImpact> }) {
  const [snapshot, send] = useMachine(loader, { input: { params: { id } } });
  const impact = snapshot.matches('loaded') ? snapshot.context.data : null;
  return (
    <section aria-label="What this resolve touches" className="resolve-impact">
      {snapshot.matches('loading') ? <p role="status">Reading what this resolve touches...</p> : null}
      {snapshot.matches('failed') ? (
        <RetryNotice error={snapshot.context.error} onRetry={() => send({ type: 'loader.reload' })} />
      ) : null}
      {impact ? (
        <>
          <p>
            {impact.student} loses access to {impact.title}
            {impact.batch ? ` (batch ${impact.batch})` : ''}.
            {impact.course_type === 'workshop' ? ' Their workshop seat is given back for someone else.' : ''}
          </p>
          <UnpaidInstalments
            unpaid={impact.unpaid_instalments}
            totalPaise={impact.unpaid_total_paise}
            consequence="stays due: refund the enrollment from the Instalments tab to cancel it."
          />
        </>
      ) : null}
    </section>
  );
}
