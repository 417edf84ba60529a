import { useMachine } from '@xstate/react';
import { useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { MESSAGES } from '../../../../contract/index.ts';
import type { GatewayReturn } from '../../../../machines/gateway-payment.machine.ts';
import type { DashboardMachines } from '../types.ts';
import { ListStatus } from '../../../components/list-status.tsx';
import { Notice } from '../../../components/notice.tsx';
import { displayName, useSessionUser } from '../../../lib/session.ts';
import { splitCourses } from '../api/courses.ts';
import { CourseCard, EnrolledCard } from './course-card.tsx';
import { PlacementSection } from './placement-section.tsx';
import { TestsSection } from './tests-section.tsx';
import { StoryConsentSlot } from './story-consent-slot.tsx';

type Props = {
  machines: DashboardMachines;
  /** Back from the sandbox gateway's page: handed to the card of that payment. */
  gatewayReturn?: GatewayReturn | null;
};

/** The student dashboard: My Courses and Available Courses from three calls made at once. */
export function DashboardPage({ machines, gatewayReturn = null }: Props) {
  const user = useSessionUser();
  const [snapshot, send] = useMachine(machines.loader, { input: { failureText: MESSAGES.adminLoadFailed } });
  // Paid at checkout: the checkout comes here with its one success text (the course and its schedule are here).
  const arrived = (useLocation().state as { flash?: string } | null)?.flash ?? null;
  const [flash, setFlash] = useState<string | null>(arrived);
  const paymentFlow = useMemo(
    () =>
      machines.paymentFlowFor(() => {
        // The card moves to My Courses after the reload; its success text stays on the page.
        setFlash(MESSAGES.paymentCompleted);
        send({ type: 'loader.reload' });
      }),
    [machines, send],
  );
  const data = snapshot.context.data;
  const { mine, available } = splitCourses(data);
  // Back paid from the gateway, and its webhook was quicker than the page: the course is already in My
  // Courses (no card verifies it), so the page says so itself.
  const [returnNoticeDismissed, setReturnNoticeDismissed] = useState(false);
  const paidBeforeReturn =
    gatewayReturn?.kind === 'paid' &&
    !returnNoticeDismissed &&
    (data?.payments ?? []).some((p) => p.id === gatewayReturn.paymentId && p.status === 'completed');
  const notice = flash ?? (paidBeforeReturn ? MESSAGES.paymentCompleted : null);

  return (
    <div className="container">
      <header className="page-header">
        <h1>Welcome, {displayName(user)}</h1>
        <p>
          Your courses, payments and everything available to you.{' '}
          <Link to={paths.accountPrivacy}>Privacy and your data</Link>
        </p>
      </header>
      {notice ? (
        <Notice
          kind="success"
          onDismiss={() => {
            setFlash(null);
            setReturnNoticeDismissed(true);
          }}
        >
          {notice}
        </Notice>
      ) : null}
      <ListStatus
        loading={data === null && snapshot.matches('loading')}
        loadingText="Loading your courses..."
        error={snapshot.matches('failed') ? snapshot.context.error : null}
        onRetry={() => send({ type: 'loader.reload' })}
        empty={false}
        emptyText=""
      >
        <section aria-labelledby="my-courses">
          <h2 id="my-courses" className="section-title">
            My Courses ({mine.length})
          </h2>
          {mine.length === 0 ? <p className="status-text">You are not enrolled in any course yet.</p> : null}
          <div className="grid">
            {mine.map((course) => (
              <EnrolledCard
                key={`${course.courseType}-${course.id}`}
                course={course}
                instalments={machines.instalmentPayment}
                gatewayReturn={gatewayReturn}
              />
            ))}
          </div>
        </section>
        {machines.tests ? <TestsSection loader={machines.tests} /> : null}
        {machines.placement ? <PlacementSection machines={machines.placement} /> : null}
        {machines.stories ? <StoryConsentSlot logic={machines.stories} /> : null}
        <section aria-labelledby="available-courses">
          <h2 id="available-courses" className="section-title">
            Available Courses ({available.length})
          </h2>
          {available.length === 0 ? <p className="status-text">No other courses are available right now.</p> : null}
          <div className="grid">
            {available.map((course) => (
              <CourseCard
                key={`${course.courseType}-${course.id}`}
                course={course}
                logic={paymentFlow}
                gatewayReturn={gatewayReturn?.paymentId === course.payment?.id ? gatewayReturn : null}
              />
            ))}
          </div>
        </section>
      </ListStatus>
    </div>
  );
}
