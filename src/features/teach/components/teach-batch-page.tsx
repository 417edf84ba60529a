import { Suspense, useCallback, useState, type ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { SelectField } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { paths } from '../../../config/paths.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useLoaderMachine } from '../../../lib/use-preloaded-machine.ts';
import { formatDate, formatDateTime, plural } from '../../../utils/format.ts';
import {
  BATCH_MODE_LABELS,
  ERASED_ACCOUNT,
  isErasedEmail,
  titled,
  type TeachBatch,
} from '../../../../contract/index.ts';
import type { TeachMachines } from '../types.ts';
import { AnnouncementComposer } from './announcement-composer.tsx';
import { AttendanceSheetPanel } from './attendance-sheet.tsx';
import { ForInstructors } from './for-instructors.tsx';

function Students({ batch }: { batch: TeachBatch }) {
  if (batch.students.length === 0) return <p>No students in this batch yet.</p>;
  return (
    <ScrollTable
      label="Students of the batch"
      headers={['Student', 'Email', 'Progress', 'Attendance', 'Assignments done']}
    >
      {batch.students.map((s) => (
        <tr key={s.id}>
          <th scope="row">{isErasedEmail(s.email) ? ERASED_ACCOUNT : s.name}</th>
          <td>{isErasedEmail(s.email) ? '—' : s.email}</td>
          <td className="number">{s.progress_percentage}%</td>
          <td className="number">{s.attendance_percentage === null ? '–' : `${s.attendance_percentage}%`}</td>
          <td className="number">{s.assignments_done}</td>
        </tr>
      ))}
    </ScrollTable>
  );
}

type TimetableProps = { batch: TeachBatch; onTake: (sessionId: number) => void };

/**
 * The batch's live classes as a list, one card each (decision 068): a card wraps to any width, so on a
 * phone every class and its Take attendance button are on screen without scrolling sideways.
 */
function Timetable({ batch, onTake }: TimetableProps) {
  if (batch.timetable.length === 0) return <p>No live classes scheduled yet.</p>;
  return (
    <ul className="class-list" aria-label="Live classes">
      {batch.timetable.map((s) => (
        <li key={s.id} aria-label={s.title}>
          <strong>{s.title}</strong>
          <span className="meta">
            {formatDateTime(s.starts_at)} · {plural(s.duration_minutes, 'minute')}
          </span>
          <span>
            {!s.started ? 'Not started' : s.marked ? `Taken: ${s.present} present` : 'No sheet yet (not counted)'}
          </span>
          {s.started ? (
            <button
              type="button"
              className="btn btn-small"
              // The visible words first (WCAG 2.5.3), then which class.
              aria-label={`${s.marked ? 'Correct attendance' : 'Take attendance'} for ${s.title}`}
              onClick={() => onTake(s.id)}
            >
              {s.marked ? 'Correct attendance' : 'Take attendance'}
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

type LessonQuestionsPart = ComponentType<{ lessonId: number }>;

/** The questions on one lesson of the program, chosen from the list (decision record 073). */
function BatchQuestions({ batch, Questions }: { batch: TeachBatch; Questions: LessonQuestionsPart }) {
  const [lessonId, setLessonId] = useState<number | null>(null);
  if (batch.lessons.length === 0) return <p>The program has no lessons yet.</p>;
  return (
    <>
      <SelectField
        label="Lesson"
        name="questions_lesson"
        value={lessonId === null ? '' : String(lessonId)}
        placeholder="Choose a lesson"
        options={batch.lessons.map((l) => ({ value: String(l.id), label: `${l.module}: ${l.title}` }))}
        onChange={(e) => setLessonId(e.target.value ? Number(e.target.value) : null)}
      />
      {lessonId !== null ? (
        <Suspense fallback={<p className="meta">Loading the questions...</p>}>
          <Questions lessonId={lessonId} />
        </Suspense>
      ) : null}
    </>
  );
}

type Props = {
  machines: TeachMachines;
  batchId: string;
  /** A lesson's question thread (a lazily loaded part); without it the section is not shown. */
  questions?: LessonQuestionsPart;
};

/**
 * /teach/batches/{id}: the batch's students, its timetable and each held class's attendance sheet, the
 * announcement composer and the questions on its lessons.
 */
export function TeachBatchPage({ machines, batchId, questions }: Props) {
  const [snapshot, send] = useLoaderMachine(machines.batch, { params: { id: batchId } });
  const [sessionId, setSessionId] = useState<number | null>(null);
  const { data, error } = snapshot.context;
  const batch = data?.ok ? data.data : null;
  useDocumentTitle(titled(batch ? batch.name : 'Batch'));
  const reload = useCallback(() => send({ type: 'loader.reload' }), [send]);
  if (!data && snapshot.matches('loading')) return <PageLoading text="Loading the batch..." />;
  if (data && !data.ok) return <ForInstructors message={data.message} />;
  if (!batch) {
    return (
      <div className="container page">
        <Notice kind="error">{error}</Notice>
        <button type="button" className="btn" onClick={reload}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <div className="container page teach-batch-page">
      <p>
        <Link to={paths.teach}>← Your batches</Link>
      </p>
      <h1>{batch.name}</h1>
      <p>{batch.program.title}</p>
      <p className="meta">
        {formatDate(batch.starts_on)} – {formatDate(batch.ends_on)} · {BATCH_MODE_LABELS[batch.mode]}
        {batch.location ? ` · ${batch.location}` : ''}
        {batch.instructor ? ` · Instructor: ${batch.instructor}` : ''}
      </p>
      <section aria-labelledby="students-title">
        <h2 id="students-title">Students ({batch.students.length})</h2>
        <p className="meta">
          Attendance: live classes attended of the {batch.sessions_counted} held{' '}
          {batch.sessions_counted === 1 ? 'class' : 'classes'} whose attendance was taken.
        </p>
        {batch.held_without_sheet.length > 0 ? (
          <Notice kind="info">
            Held without an attendance sheet (not counted for anyone until you take it):{' '}
            {batch.held_without_sheet.join(', ')}.
          </Notice>
        ) : null}
        <Students batch={batch} />
      </section>
      <section aria-labelledby="timetable-title">
        <h2 id="timetable-title">Timetable</h2>
        <Timetable batch={batch} onTake={setSessionId} />
        {sessionId !== null ? (
          <AttendanceSheetPanel
            key={sessionId}
            logic={machines.attendanceSheet}
            sessionId={sessionId}
            onSaved={reload}
            onClose={() => setSessionId(null)}
          />
        ) : null}
      </section>
      <AnnouncementComposer key={batch.id} logic={machines.announcement(batch.id)} />
      {questions ? (
        <section aria-labelledby="lesson-questions-title">
          <h2 id="lesson-questions-title">Questions on lessons</h2>
          <BatchQuestions batch={batch} Questions={questions} />
        </section>
      ) : null}
      {/* Assignments: built in their own pages (/teach/batches/{id}/assignments). */}
      <section aria-labelledby="assignments-title" className="teach-assignments">
        <h2 id="assignments-title">Assignments</h2>
        <p>
          <Link to={paths.teachBatchAssignments.to(batch.id)}>Assignments of this batch</Link>
        </p>
      </section>
    </div>
  );
}
