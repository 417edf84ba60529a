import { useMachine } from '@xstate/react';
import { Suspense, useEffect, useRef, type ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { FormError, Notice } from '../../../components/notice.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { paths } from '../../../config/paths.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import type { Course, Lesson } from '../../../../contract/index.ts';
import { nextLessonId, type CoursePageLogic } from '../../../../machines/course-page.machine.ts';
import type { AssignmentSubmissionLogic } from '../../../../machines/assignment-submission.machine.ts';
import { AssignmentsPanel, type DownloadSubmission } from './assignments-panel.tsx';
import { LessonBody } from './lesson-body.tsx';
import { SessionsPanel } from './sessions-panel.tsx';
import { CertificatePanel } from './certificate-panel.tsx';

const KIND_LABELS = { video: 'Video', document: 'Document', text: 'Reading', link: 'Link' } as const;

function ProgressBar({ value }: { value: number }) {
  return (
    <div className="course-progress">
      <div
        className="progress-track"
        role="progressbar"
        aria-label="Course progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
      >
        <div className="progress-fill" style={{ width: `${value}%` }} />
      </div>
      <span>{value}% complete</span>
    </div>
  );
}

type OutlineProps = { course: Course; current: number | null; disabled: boolean; onOpen: (id: number) => void };

/** The modules and their lessons, each with its tick. */
function Outline({ course, current, disabled, onOpen }: OutlineProps) {
  return (
    <nav className="card course-outline" aria-label="Lessons">
      {course.modules.map((module) => (
        <section key={module.id}>
          <h2>{module.title}</h2>
          <ul>
            {module.lessons.map((lesson) => (
              <li key={lesson.id}>
                <button
                  type="button"
                  className="lesson-link"
                  aria-current={lesson.id === current ? 'true' : undefined}
                  disabled={disabled}
                  onClick={() => onOpen(lesson.id)}
                >
                  <span aria-hidden="true" className="tick">
                    {lesson.completed ? '✓' : '○'}
                  </span>
                  <span>
                    {lesson.title}
                    <span className="visually-hidden">{lesson.completed ? ' (done)' : ' (not done)'}</span>
                  </span>
                  <span className="meta">
                    {KIND_LABELS[lesson.kind]}
                    {lesson.duration_minutes ? ` · ${lesson.duration_minutes} min` : ''}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {course.modules.length === 0 ? <p className="meta">No lessons yet.</p> : null}
    </nav>
  );
}

type ViewerProps = {
  lesson: Lesson;
  busy: boolean;
  hasNext: boolean;
  /** A failed Mark complete or download: shown by its buttons, focused (decision record 068). */
  error: string | null;
  send: (event: {
    type: 'lesson.complete' | 'lesson.undo' | 'lesson.next' | 'lesson.close' | 'lesson.download';
  }) => void;
};

function LessonViewer({ lesson, busy, hasNext, error, send }: ViewerProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [lesson.id]);
  return (
    <article className="card lesson-viewer" aria-labelledby="lesson-title">
      <h2 id="lesson-title" tabIndex={-1} ref={heading}>
        {lesson.title}
      </h2>
      <LessonBody lesson={lesson} busy={busy} onDownload={() => send({ type: 'lesson.download' })} />
      {error ? <FormError>{error}</FormError> : null}
      <div className="actions">
        {lesson.completed ? (
          <button type="button" className="btn" disabled={busy} onClick={() => send({ type: 'lesson.undo' })}>
            ✓ Done (mark not done)
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => send({ type: 'lesson.complete' })}
          >
            Mark complete
          </button>
        )}
        {hasNext ? (
          <button type="button" className="btn" disabled={busy} onClick={() => send({ type: 'lesson.next' })}>
            Next lesson
          </button>
        ) : null}
        <button type="button" className="btn" disabled={busy} onClick={() => send({ type: 'lesson.close' })}>
          Back to the course
        </button>
      </div>
    </article>
  );
}

type Props = {
  logic: CoursePageLogic;
  enrollmentId: string;
  /** The batch's assignments (decision record 051): one machine per assignment, and the file download. */
  assignments?: { logic: AssignmentSubmissionLogic; onDownload: DownloadSubmission };
  /** The open lesson's questions (decision record 073): a lazily loaded part, shown under the lesson. */
  questions?: ComponentType<{ lessonId: number }>;
};

/** /learn/{enrollment}: the student's course, driven by the course-page machine it is given. */
export function CoursePage({ logic, enrollmentId, assignments, questions: Questions }: Props) {
  const [snapshot, send] = useMachine(logic, { input: { enrollmentId } });
  const { course, lesson, lessonId, error } = snapshot.context;
  useDocumentTitle(course ? course.program.title : 'Your course');
  if (snapshot.matches('loading')) return <PageLoading text="Loading your course..." />;
  if (!course) {
    return (
      <div className="container page">
        <Notice kind="error">{error}</Notice>
        <div className="actions">
          <button type="button" className="btn" onClick={() => send({ type: 'course.retry' })}>
            Try again
          </button>
          <Link to={paths.dashboard}>Back to the dashboard</Link>
        </div>
      </div>
    );
  }
  const busy = snapshot.hasTag('busy');
  const viewing = ['viewing', 'marking', 'downloading'].some((s) => snapshot.matches({ ready: s as 'viewing' }));
  const open = viewing ? lesson : null;
  return (
    <div className="container page course-page">
      <p>
        <Link to={paths.dashboard}>← Dashboard</Link>
      </p>
      <h1>{course.program.title}</h1>
      <ProgressBar value={course.progress_percentage} />
      {error && !open ? <Notice kind="error">{error}</Notice> : null}
      <div className="course-layout">
        <div className="course-main">
          {snapshot.matches({ ready: 'opening' }) ? <PageLoading text="Opening the lesson..." /> : null}
          {open ? (
            <LessonViewer
              lesson={open}
              busy={busy}
              hasNext={nextLessonId(course, lessonId) !== null}
              error={error}
              send={send}
            />
          ) : null}
          {Questions && open ? (
            <Suspense fallback={<p className="meta">Loading the questions...</p>}>
              <Questions lessonId={open.id} />
            </Suspense>
          ) : null}
          {snapshot.matches({ ready: 'overview' }) || snapshot.matches({ ready: 'lessonFailed' }) ? (
            <>
              <SessionsPanel course={course} />
              <CertificatePanel course={course} />
            </>
          ) : null}
          {assignments && (snapshot.matches({ ready: 'overview' }) || snapshot.matches({ ready: 'lessonFailed' })) ? (
            <AssignmentsPanel
              assignments={course.assignments}
              logic={assignments.logic}
              onDownload={assignments.onDownload}
            />
          ) : null}
        </div>
        <Outline
          course={course}
          current={lessonId}
          disabled={busy}
          onOpen={(id) => send({ type: 'lesson.open', lessonId: id })}
        />
      </div>
    </div>
  );
}
