import { DELIVERY_PATHS, EnrollmentBatchInput, type Enrollment } from '../../../../contract/index.ts';
import { formatDate } from '../../../utils/format.ts';
import { api } from '../../../lib/api-client.ts';
import { MoveBatchForm } from '../components/move-batch-form.tsx';
import { refusalAt } from './form-values.ts';
import type { AdminResource } from './resource-types.ts';

/**
 * An enrollment's batch in the Enrollments tab (decision record 044): shown in its row, and changed by
 * "Move to batch" (POST /api/admin/enrollments/{id}/batch/, audited). Only a program enrollment that has a
 * batch offers it (the enrollments of a program with batches join one); the server keeps the move within
 * the program and refuses a full batch.
 */

export const batchOf = (e: Enrollment) =>
  e.batch ? `${e.batch.name} (${formatDate(e.batch.starts_on)} – ${formatDate(e.batch.ends_on)})` : '—';

export const moveToBatch: NonNullable<AdminResource<Enrollment>['form']> = {
  editOnly: true,
  editLabel: 'Move to batch',
  editTitle: 'Move to another batch',
  editAllowed: (e) => e.course_type === 'program' && e.batch !== null,
  EditForm: MoveBatchForm,
  fields: [],
  schema: EnrollmentBatchInput,
  empty: {},
  toValues: () => ({}),
  createPath: DELIVERY_PATHS.adminEnrollmentBatch(),
  updatePath: (id) => DELIVERY_PATHS.adminEnrollmentBatch(id),
  // A refusal in one sentence (the batch filled meanwhile) shows under the choice of batch.
  save: (_mode, item, values) =>
    refusalAt('batch', api.send('POST', DELIVERY_PATHS.adminEnrollmentBatch(item!.id), values)),
};
