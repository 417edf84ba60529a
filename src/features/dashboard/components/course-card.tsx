import { useMachine } from '@xstate/react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { Badge, StatusBadge } from '../../../components/badges.tsx';
import { InvoiceLink } from '../../../components/invoice-link.tsx';
import { CertificateLink } from '../../../components/certificate-link.tsx';
import { Notice } from '../../../components/notice.tsx';
import { formatINR } from '../../../utils/format.ts';
import type { DashboardCourse } from '../api/courses.ts';
import type { GatewayReturn } from '../../../../machines/gateway-payment.machine.ts';
import type { InstalmentPaymentLogic } from '../../../../machines/instalment-payment.machine.ts';
import { InstalmentSchedule, PaidAndDue, useInstalments } from './instalment-schedule.tsx';
import type { PaymentFlowLogic } from '../../../../machines/payment-flow.machine.ts';

function CardBody({
  course,
  status,
  money,
}: {
  course: DashboardCourse;
  status: DashboardCourse['status'];
  /** Instead of the price: what a plan has paid and has due. */
  money?: React.ReactNode;
}) {
  return (
    <>
      <div className="badges">
        {status ? <StatusBadge status={status} /> : <Badge colour="grey">Not Enrolled</Badge>}
      </div>
      <h3 id={`course-${course.courseType}-${course.id}`}>{course.title}</h3>
      {course.description ? <p className="clamp-3">{course.description}</p> : null}
      {money ??
        (course.price !== null ? (
          <p className="price">{course.price === 0 ? 'Free' : formatINR(course.price)}</p>
        ) : null)}
    </>
  );
}

/**
 * A course the student has: a program's Access Course Materials opens its course page (the spec had it
 * disabled; docs/deviations.md). A workshop has no course page, so its button stays disabled.
 */
export function EnrolledCard({
  course,
  instalments,
  gatewayReturn = null,
}: {
  course: DashboardCourse;
  /** The instalments' machine: a program paid in instalments shows its schedule. */
  instalments?: InstalmentPaymentLogic;
  gatewayReturn?: GatewayReturn | null;
}) {
  if (instalments && course.courseType === 'program' && course.enrollmentId)
    return (
      <ProgramCard
        course={course}
        logic={instalments}
        enrollmentId={course.enrollmentId}
        gatewayReturn={gatewayReturn}
      />
    );
  return (
    <article className="card" aria-labelledby={`course-${course.courseType}-${course.id}`}>
      <CardBody course={course} status={course.status} />
      <EnrolledActions course={course} />
    </article>
  );
}

/** An enrolled program: paid by a plan, its card says what was paid and what is due, and lists the schedule. */
function ProgramCard({
  course,
  logic,
  enrollmentId,
  gatewayReturn,
}: {
  course: DashboardCourse;
  logic: InstalmentPaymentLogic;
  enrollmentId: number;
  gatewayReturn: GatewayReturn | null;
}) {
  const machine = useInstalments(logic, enrollmentId, gatewayReturn);
  const schedule = machine[0].context.instalments;
  return (
    <article className="card" aria-labelledby={`course-${course.courseType}-${course.id}`}>
      <CardBody
        course={course}
        status={course.status}
        money={schedule.length > 0 ? <PaidAndDue instalments={schedule} /> : undefined}
      />
      <InstalmentSchedule machine={machine} />
      <EnrolledActions course={course} />
    </article>
  );
}

function EnrolledActions({ course }: { course: DashboardCourse }) {
  return (
    <div className="actions">
      {course.courseType === 'program' && course.enrollmentId ? (
        <Link className="btn btn-primary" to={paths.learn.to(course.enrollmentId)}>
          Access Course Materials
        </Link>
      ) : (
        <button type="button" className="btn" disabled>
          Access Course Materials
        </button>
      )}
      <InvoiceLink payment={course.payment} />
      {course.certificate ? <CertificateLink certificate={course.certificate} /> : null}
    </div>
  );
}

/**
 * An available course, driven by its own payment flow: Pay, then Complete Payment, which leads through
 * the payment gateway; after a decline or a closed gateway step, Complete Payment tries again.
 */
type CourseCardProps = {
  course: DashboardCourse;
  logic: PaymentFlowLogic;
  enrolled?: boolean;
  /** Back from the sandbox gateway's page for this card's payment. */
  gatewayReturn?: GatewayReturn | null;
};

const COMPLETE_STATES = ['pending', 'completing', 'paying', 'failed', 'cancelled'];

export function CourseCard({ course, logic, enrolled = false, gatewayReturn = null }: CourseCardProps) {
  const [snapshot, send] = useMachine(logic, {
    input: { courseType: course.courseType, courseId: course.id, payment: course.payment, enrolled, gatewayReturn },
  });
  const busy = snapshot.hasTag('busy');
  const notice = snapshot.context.notice;
  return (
    <article className="card" aria-labelledby={`course-${course.courseType}-${course.id}`}>
      <CardBody course={course} status={snapshot.context.payment?.status ?? course.status} />
      {notice && !snapshot.matches('completed') ? (
        <Notice kind={notice.kind} onDismiss={() => send({ type: 'notice.dismiss' })}>
          {notice.text}
        </Notice>
      ) : null}
      <div className="actions">
        {snapshot.matches('none') || snapshot.matches('starting') ? (
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => send({ type: 'payment.start' })}
          >
            {busy ? 'Processing...' : 'Pay'}
          </button>
        ) : null}
        {COMPLETE_STATES.some((state) => snapshot.matches(state as 'pending')) ? (
          <button
            type="button"
            className="btn btn-gold"
            disabled={busy}
            onClick={() => send({ type: 'payment.complete' })}
          >
            {busy ? 'Processing...' : 'Complete Payment'}
          </button>
        ) : null}
        {snapshot.matches('completed') ? (
          <>
            <button type="button" className="btn" disabled>
              Access Course Materials
            </button>
            <InvoiceLink payment={snapshot.context.payment} />
          </>
        ) : null}
      </div>
    </article>
  );
}
