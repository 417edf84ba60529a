import type { CertificateTest } from '../../../contract/certificates.ts';
import type { Db } from '../../platform/db/connect.ts';
import { assessmentRepository } from './repository.ts';
import { resultsOpenAt } from './result-service.ts';

/**
 * What other domains may use of assessments: the tests that are certificate rules of a student's batch and
 * where the student stands with each (decision record 071's addendum). A submitted attempt counts once its
 * result is published (results_at), so the checklist never tells a result before the result page may;
 * its kept `passed` (score ≥ the pass mark when it was scored) decides.
 */
export async function certificateTests(
  db: Db,
  who: { studentId: number; programId: number; batchId: number },
  now: number,
): Promise<CertificateTest[]> {
  const repo = assessmentRepository(db);
  const tests = await repo.certificateTests(who.programId, who.batchId);
  const results = await repo.studentResults(
    who.studentId,
    tests.map((t) => t.id),
  );
  return tests.map((t) => {
    const mine = results.filter((r) => r.test_id === t.id);
    const opens = resultsOpenAt(t);
    const published = opens === null || now >= opens;
    const state: CertificateTest['state'] =
      mine.length === 0
        ? 'not_taken'
        : !published
          ? 'result_pending'
          : mine.some((r) => r.passed === 1)
            ? 'passed'
            : 'not_passed';
    return { id: t.id, title: t.title, pass_percent: Number(t.pass_percent), state, met: state === 'passed' };
  });
}
