import type { TeachBatch, TeachBatchSummary } from '../../../contract/index.ts';
import type { AttendanceSheetLogic } from '../../../machines/attendance-sheet.machine.ts';
import type { LoaderLogic } from '../../../machines/loader.machine.ts';

/** A load the server may refuse (403 for a student, another instructor's batch): its words, to show. */
export type Refusable<T> = { ok: true; data: T } | { ok: false; message: string };

export type TeachMachines = {
  batches: LoaderLogic<Refusable<TeachBatchSummary[]>>;
  batch: LoaderLogic<Refusable<TeachBatch>>;
  attendanceSheet: AttendanceSheetLogic;
};
