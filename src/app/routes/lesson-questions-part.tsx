import { QuestionThread, type ThreadAbilities } from '../../features/lesson-questions/components/question-thread.tsx';
import { useSessionUser } from '../../lib/session.ts';
import { appQuestionThread } from '../composition/lesson-questions.ts';

/**
 * A lesson's questions, in a chunk of its own (the course page and the instructor's batch page load it
 * when a lesson is open). What the buttons offer follows the role; the server decides every change.
 */
export function LessonQuestions({ lessonId }: { lessonId: number }) {
  const role = useSessionUser()?.profile.role ?? 'student';
  const staff = role === 'instructor' || role === 'admin';
  const can: ThreadAbilities = { ask: role === 'student', reply: true, accept: staff, hide: role === 'admin' };
  return <QuestionThread key={lessonId} logic={appQuestionThread} lessonId={lessonId} can={can} />;
}
