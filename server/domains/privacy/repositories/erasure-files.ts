import type { Db } from '../../../platform/db/connect.ts';
import type { StoredFile } from '../../../platform/files/store.ts';

/**
 * An erasure's files (in its transaction): the person's assignment submissions are deleted (text, file,
 * marks); their applications to openings stay (the office's record of its work) without their own words or
 * résumé, and their offers stay (counted in the figures) without the letter; the photos of the success stories
 * about them go with the stories. Answers the stored files let go,
 * for the caller to remove from the file store once the erasure committed.
 */
export async function eraseStoredFiles(db: Db, userId: number): Promise<StoredFile[]> {
  const submissions = await db
    .selectFrom('assignment_submissions')
    .select('file as name')
    .where('student_id', '=', userId)
    .execute();
  await db.deleteFrom('assignment_submissions').where('student_id', '=', userId).execute();
  const resumes = await db
    .selectFrom('placement_applications')
    .select('resume as name')
    .where('student_id', '=', userId)
    .execute();
  await db
    .updateTable('placement_applications')
    .set({ cover_note: '', resume: null, resume_name: null, resume_size: null })
    .where('student_id', '=', userId)
    .execute();
  const letters = await db
    .selectFrom('placement_offers')
    .select('offer_letter as name')
    .where('student_id', '=', userId)
    .execute();
  await db
    .updateTable('placement_offers')
    .set({ offer_letter: null, offer_letter_name: null, offer_letter_size: null })
    .where('student_id', '=', userId)
    .execute();
  // The stories about them are deleted with their photos (the caller deletes the rows: decision record 079).
  const photos = await db
    .selectFrom('success_stories')
    .select('photo_file as name')
    .where('offer_id', 'in', db.selectFrom('placement_offers').select('id').where('student_id', '=', userId))
    .execute();
  const stored = (use: StoredFile['use'], rows: { name: string | null | undefined }[]) =>
    rows.flatMap((row) => (row.name ? [{ use, name: row.name }] : []));
  return [
    ...stored('submissions', submissions),
    ...stored('resumes', resumes),
    ...stored('offer-letters', letters),
    ...stored('story-photos', photos),
  ];
}
