import type { CourseType } from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import { createCourseRepository } from './repositories/courses.ts';

/** Whether a program or workshop with this id exists, archived or not (what other domains ask of the catalogue). */
export async function courseExists(db: Db, courseType: CourseType, id: number): Promise<boolean> {
  return (await createCourseRepository(db).findForPayment(courseType, id)) !== undefined;
}
