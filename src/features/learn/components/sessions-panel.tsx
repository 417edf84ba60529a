import { useMachine } from '@xstate/react';
import { disclosureMachine } from '../../../../machines/disclosure.machine.ts';
import { formatDate, formatDateTime, plural } from '../../../utils/format.ts';
import { BATCH_MODE_LABELS, type Course, type Session } from '../../../../contract/index.ts';

/** The next live class: Join while its link is open, else when the link opens (IST, the zone named). */
function NextSession({ session }: { session: Session }) {
  return (
    <section className="card next-session" aria-labelledby="next-session-title">
      <h2 id="next-session-title">Next live class</h2>
      <p>
        <strong>{session.title}</strong>
      </p>
      <p className="meta">
        {formatDateTime(session.starts_at)} · {plural(session.duration_minutes, 'minute')}
        {session.location ? ` · ${session.location}` : ''}
      </p>
      {session.meeting_url ? (
        <a className="btn btn-primary" href={session.meeting_url} target="_blank" rel="noopener noreferrer">
          Join the live class
        </a>
      ) : (
        <p className="meta">The link to join opens at {formatDateTime(session.meeting_opens_at)}.</p>
      )}
    </section>
  );
}

/**
 * The batch, the next live class and the timetable, with the calendar subscription link. The full
 * timetable is collapsed behind its heading's button (a disclosure, decision 068), so the next class and
 * the lessons come first on a phone rather than after every row of it.
 */
export function SessionsPanel({ course }: { course: Course }) {
  const { batch } = course;
  const [timetable, sendTimetable] = useMachine(disclosureMachine);
  const open = timetable.hasTag('open');
  // The student's own attendance, per session taken (decision record 050).
  const marks = new Map(course.attendance.map((a) => [a.session, a.present]));
  return (
    <>
      {batch ? (
        <p className="meta">
          {batch.name}: {formatDate(batch.starts_on)} – {formatDate(batch.ends_on)} · {BATCH_MODE_LABELS[batch.mode]}
          {batch.location ? ` · ${batch.location}` : ''}
        </p>
      ) : null}
      {course.next_session ? <NextSession session={course.next_session} /> : null}
      {course.sessions.length > 0 ? (
        <section className="card" aria-labelledby="timetable-title">
          <h2 id="timetable-title">
            <button
              type="button"
              className="disclosure-button"
              aria-expanded={open}
              aria-controls="timetable-list"
              onClick={() => sendTimetable({ type: 'disclosure.toggle' })}
            >
              Timetable ({plural(course.sessions.length, 'live class')})
            </button>
          </h2>
          <p className="meta">Times are India Standard Time (IST).</p>
          {course.attendance_percentage !== null ? (
            <p>
              Your attendance: <strong>{course.attendance_percentage}%</strong> of the live classes held so far.
            </p>
          ) : null}
          <ol className="timetable" id="timetable-list" hidden={!open}>
            {course.sessions.map((s) => (
              <li key={s.id}>
                <span>{s.title}</span>
                <span className="meta">
                  {formatDateTime(s.starts_at)} · {plural(s.duration_minutes, 'minute')}
                  {marks.has(s.id) ? ` · ${marks.get(s.id) ? 'Present' : 'Absent'}` : ''}
                </span>
              </li>
            ))}
          </ol>
          <p>
            <a href={course.calendar_url}>Add the timetable to your calendar</a>
          </p>
        </section>
      ) : null}
    </>
  );
}
