import { describe, expect } from 'vitest';
import { COURSE_PAGE_TEXTS } from '../../machines/course-page.machine.ts';
import { coursePageModel, markRefused, sampleCourse } from '../support/models/index.ts';
import { actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

const ticks = (course: typeof sampleCourse) => course.modules.flatMap((m) => m.lessons.map((l) => l.completed));

describe('course page machine, generated paths', () => {
  testGeneratedPaths(coursePageModel, (step) => {
    const state = stateOf(step);
    const { course, lesson, lessonId, error } = step.snapshot.context;
    const previous = step.previous?.context;
    expect(step.snapshot.hasTag('busy')).toBe(
      ['loading', 'ready.opening', 'ready.marking', 'ready.downloading'].includes(state),
    );
    const calls = actorCalls(step.effects);
    if (state === 'loading') expect(calls).toEqual([{ src: 'loadCourse', input: { enrollmentId: 5 } }]);
    if (state === 'ready.opening') expect(calls).toEqual([{ src: 'loadLesson', input: { lessonId } }]);
    if (state === 'failed') expect(error).toBe(COURSE_PAGE_TEXTS.loadFailed);
    if (state === 'ready.lessonFailed') expect(error).toBe(COURSE_PAGE_TEXTS.lessonFailed);
    // A lesson not in the course is never opened.
    if (lessonId !== null) expect([11, 12]).toContain(lessonId);
    if (state === 'ready.marking') {
      // The tick and the progress move at once, before the server answers.
      expect(calls).toEqual([{ src: 'markLesson', input: { lessonId, completed: lesson!.completed } }]);
      expect(lesson!.completed).toBe(!previous!.lesson!.completed);
      const done = ticks(course!).filter(Boolean).length;
      expect(course!.progress_percentage).toBe(Math.floor((done * 100) / 2));
    }
    if (step.event.type === 'xstate.error.actor.markLesson') {
      // Refused: the tick is taken back and the server's words shown.
      expect(lesson!.completed).toBe(!previous!.lesson!.completed);
      expect(error).toBe(markRefused.userMessage);
    }
    if (step.event.type === 'xstate.done.actor.markLesson') expect(course!.progress_percentage).toBe(100);
    if (state === 'ready.overview') expect(lesson).toBeNull();
    // Only a lesson with a file downloads; a failed download says so and leaves the lesson open.
    if (state === 'ready.downloading') {
      expect(lesson!.file).not.toBeNull();
      expect(calls).toEqual([{ src: 'downloadFile', input: { lesson } }]);
    }
    if (step.event.type === 'xstate.error.actor.downloadFile') {
      expect(state).toBe('ready.viewing');
      expect(error).toBe(COURSE_PAGE_TEXTS.downloadFailed);
    }
    if (step.event.type === 'lesson.next' && state === 'ready.opening') expect(lessonId).toBe(12);
  });
});
