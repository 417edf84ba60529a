import { useMachine } from '@xstate/react';
import { MESSAGES, type CourseType } from '../../../../contract/index.ts';
import { Notice, RetryNotice } from '../../../components/notice.tsx';
import { ConfirmDeleteFooter } from '../../../components/confirm-delete-footer.tsx';
import type { ConfirmDeleteProps } from '../tabs/resource-types.ts';
import { UnpaidInstalments } from './impact-lists.tsx';

/**
 * Programs' and Workshops' Delete (decision 077): what the delete touches is read first
 * (GET /api/admin/programs|workshops/{id}/impact/). A course with payments or enrollments is archived, not
 * deleted: the dialog says so, how many students are still in it and what is still due on them. The spec's
 * question and its Delete button stay; the button is offered once the read is in. A failed read offers Try
 * again, never the delete.
 */
export function confirmCourseDelete(courseType: CourseType) {
  // Without the impact's loader (an admin page composed without it), the spec's plain question.
  return function ConfirmCourseDelete(props: ConfirmDeleteProps) {
    return props.machines.courseImpact ? (
      <WithImpact {...props} courseType={courseType} />
    ) : (
      <>
        <p>{MESSAGES.deleteConfirm}</p>
        <ConfirmDeleteFooter {...props} />
      </>
    );
  };
}

function WithImpact(props: ConfirmDeleteProps & { courseType: CourseType }) {
  const { item, machines, courseType } = props;
  const [snapshot, send] = useMachine(machines.courseImpact!, {
    input: { params: { course_type: courseType, id: item.id } },
  });
  const impact = snapshot.matches('loaded') ? snapshot.context.data : null;
  const archive = impact?.outcome === 'archived';
  return (
    <>
      <p>{MESSAGES.deleteConfirm}</p>
      {snapshot.matches('loading') ? <p role="status">Reading what this delete touches...</p> : null}
      {snapshot.matches('failed') ? (
        <RetryNotice error={snapshot.context.error} onRetry={() => send({ type: 'loader.reload' })} />
      ) : null}
      {impact && archive ? (
        <>
          <Notice kind="info">
            This {courseType} has {impact.has_payments ? 'payments' : 'enrollments'}, so it is archived, not deleted: it
            leaves the catalogue and nobody new can pay for it; its students keep their access and records.
          </Notice>
          <p>
            Students still in it: <strong>{impact.active_enrollments}</strong> (of {impact.enrollments} enrolled ever).
          </p>
          <UnpaidInstalments
            unpaid={impact.unpaid_instalments}
            totalPaise={impact.unpaid_total_paise}
            consequence="stays due: their schedules go on."
          />
        </>
      ) : null}
      {impact && !archive ? <p>Nobody has paid for or joined this {courseType}: it is deleted for good.</p> : null}
      <ConfirmDeleteFooter {...props} offered={impact !== null} />
    </>
  );
}
