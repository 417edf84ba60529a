import { z } from 'zod';
import { Application, ApplicationForm, OPENING_PATHS, StudentOpening } from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';

/** The dashboard's Openings (decision record 078): the openings open to the student, and their applications. */
export type StudentOpenings = { openings: StudentOpening[]; applications: Application[] };

export async function fetchStudentOpenings(): Promise<StudentOpenings> {
  const [openings, applications] = await Promise.all([
    api.get(OPENING_PATHS.studentOpenings, z.array(StudentOpening)),
    api.get(OPENING_PATHS.studentApplications, z.array(Application)),
  ]);
  return { openings, applications };
}

/**
 * Apply once, with a cover note and the résumé (a form through the one upload); the server refuses a closed
 * opening, a second application, a file that is not a PDF or too large, in words.
 */
export const applyToOpening = (openingId: number, input: z.output<typeof ApplicationForm>) =>
  api.upload(
    OPENING_PATHS.apply(openingId),
    { fields: { cover_note: input.cover_note }, files: { resume: input.resume } },
    Application,
  );

/** Withdraw an application still in progress; it moves no more. */
export const withdrawApplication = (id: number) => api.post(OPENING_PATHS.withdraw(id), {}, Application);
