import type { CourseType } from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import { createCourseRepository } from './repositories/courses.ts';
import { createProgramRepository } from './repositories/programs.ts';
import { createWorkshopRepository } from './repositories/workshops.ts';

/** Whether a program or workshop with this id exists, archived or not (what other domains ask of the catalogue). */
export async function courseExists(db: Db, courseType: CourseType, id: number): Promise<boolean> {
  return (await courseForPayment(db, courseType, id)) !== undefined;
}

/** A program's or workshop's price, whether it is on sale, and (workshops) whether every seat is taken. */
export const courseForPayment = (db: Db, courseType: CourseType, id: number) =>
  createCourseRepository(db).findForPayment(courseType, id);

/**
 * Locks a program's or workshop's row in the caller's transaction, so a payment's consequences (a seat, an
 * enrollment) are decided one at a time per course.
 */
export const holdCourse = (db: Db, courseType: CourseType, id: number) =>
  createCourseRepository(db).hold(courseType, id);

/** A program as the catalogue reads it (archived ones too), or undefined. */
export const findProgram = (db: Db, id: number) => createProgramRepository(db).findById(id);

/**
 * Takes one seat of a workshop, in the caller's transaction: false when the workshop is full (one conditional
 * update, so two takers of the last seat cannot both get it).
 */
export const takeWorkshopSeat = (db: Db, workshopId: number): Promise<boolean> =>
  createWorkshopRepository(db).takeSeat(workshopId);

/** Gives one seat of a workshop back (never below zero), in the caller's transaction. */
export const releaseWorkshopSeat = (db: Db, workshopId: number): Promise<void> =>
  createWorkshopRepository(db).releaseSeat(workshopId);
