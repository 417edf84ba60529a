import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Test } from '../../../../contract/index.ts';
import { TEST_SCREEN_TEXTS as T } from '../../../../contract/assessment-texts.ts';
import { adminModalMode } from '../../../../machines/admin-modal.machine.ts';
import { Modal } from '../../../components/modal.tsx';
import { ConfirmDeleteFooter } from '../../../components/confirm-delete-footer.tsx';
import { FormError, Notice } from '../../../components/notice.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { paths } from '../../../config/paths.ts';
import { useLoaderMachine } from '../../../lib/use-preloaded-machine.ts';
import { formatDateTime, plural } from '../../../utils/format.ts';
import type { TeachTestsMachines } from '../types.ts';
import { ForInstructors } from './for-instructors.tsx';
import { TeachNav } from './teach-nav.tsx';
import { TestForm } from './test-form.tsx';
import { KIND, LoadFailed, testStatus } from './test-labels.tsx';

type Choice = { value: string; label: string };

/**
 * /teach/tests (decision record 071): the tests of the programs taught (every one for an administrator),
 * each with its program, batch, window in IST, attempts and status; add, edit and delete them in the admin
 * modal machine's dialog. Delete says what it touches first; the server refuses a test with attempts.
 */
export function TeachTestsPage({ machines }: { machines: TeachTestsMachines }) {
  const [snapshot, send] = useLoaderMachine(machines.tests, {});
  const [batches] = useLoaderMachine(machines.batches, {});
  const [modalLogic] = useState(() => machines.modal(() => send({ type: 'loader.reload' })));
  const [modal, sendModal] = useMachine(modalLogic);
  // The test last asked to be deleted: a refusal is shown in its card, beside its Delete button (decision 068).
  const [lastDeleted, setLastDeleted] = useState<number | null>(null);
  // The clock the statuses (upcoming, open, closed) are read at: when the page opened.
  const [now] = useState(() => Date.now());
  const { data, error } = snapshot.context;
  if (!data && snapshot.matches('loading')) return <PageLoading text="Loading your tests..." />;
  if (data && !data.ok) return <ForInstructors message={data.message} />;

  const taught = batches.context.data?.ok ? batches.context.data.data : [];
  const programs: Choice[] = [...new Map(taught.map((b) => [b.program.id, b.program.title]))]
    .map(([id, title]) => ({ value: String(id), label: title }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const batchChoices = new Map<string, Choice[]>();
  for (const b of taught) {
    const list = batchChoices.get(String(b.program.id)) ?? [];
    batchChoices.set(String(b.program.id), [...list, { value: String(b.id), label: b.name }]);
  }
  const programName = (id: number) => programs.find((p) => p.value === String(id))?.label ?? `Program #${id}`;
  const batchName = (id: number | null) =>
    id === null ? T.everyBatch : (taught.find((b) => b.id === id)?.name ?? `Batch #${id}`);

  const mode = adminModalMode(modal.value);
  const { item, notice, fieldErrors } = modal.context;
  const saving = modal.hasTag('saving');
  const close = () => sendModal({ type: 'modal.close' });
  const deleting = item as Test | null;
  const deleteError = modal.hasTag('open') ? null : modal.context.error;

  return (
    <div className="container page teach-tests">
      <TeachNav />
      <h1>Tests</h1>
      <button type="button" className="btn btn-primary" onClick={() => sendModal({ type: 'modal.add' })}>
        Add test
      </button>
      {notice ? (
        <Notice kind="success" onDismiss={() => sendModal({ type: 'notice.dismiss' })}>
          {notice}
        </Notice>
      ) : null}
      {error ? <LoadFailed error={error} retry={() => send({ type: 'loader.reload' })} /> : null}
      {data?.ok && data.data.length === 0 ? <p>{T.empty}</p> : null}
      {data?.ok ? (
        <ul className="teach-batches">
          {data.data.map((test: Test) => (
            <li key={test.id} className="card" aria-labelledby={`test-${test.id}`}>
              <h2 id={`test-${test.id}`}>
                <Link to={paths.teachTest.to(test.id)}>{test.title}</Link>
              </h2>
              <p className="meta">
                <span className="badge badge-navy">{KIND[test.kind]}</span> {testStatus(test, now)}
                {test.certificate_rule ? <span className="badge">{T.certificateRule}</span> : null}
              </p>
              <p className="meta">
                {programName(test.program)} · {batchName(test.batch)}
              </p>
              <p className="meta">
                {formatDateTime(test.opens_at)} – {formatDateTime(test.closes_at)} · {test.duration_minutes} min
              </p>
              <p className="meta">{plural(test.attempts, 'attempt')}</p>
              <div className="actions">
                <button
                  type="button"
                  className="btn btn-outline btn-small"
                  aria-label={`Edit ${test.title}`}
                  onClick={() => sendModal({ type: 'modal.edit', item: test })}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="btn btn-danger btn-small"
                  aria-label={`Delete ${test.title}`}
                  onClick={() => {
                    setLastDeleted(test.id);
                    sendModal({ type: 'modal.delete', item: test });
                  }}
                >
                  Delete
                </button>
              </div>
              {deleteError && lastDeleted === test.id ? (
                <FormError onDismiss={() => sendModal({ type: 'notice.dismiss' })}>{deleteError}</FormError>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {mode === 'add' || mode === 'edit' ? (
        <TestForm
          item={mode === 'edit' ? (item as Test) : null}
          programs={programs}
          batches={batchChoices}
          questions={machines.questions}
          saving={saving}
          error={modal.context.error}
          fieldErrors={fieldErrors}
          onSubmit={(values) => sendModal({ type: 'modal.submit', values })}
          onClose={close}
        />
      ) : null}
      {(modal.matches('confirmingDelete') || modal.matches('deleting')) && deleting ? (
        <Modal title="Delete test" onClose={close} size="small" role="alertdialog">
          <p>
            {T.deleteImpact({
              title: deleting.title,
              sections: deleting.sections.length,
              questions: deleting.sections.reduce((n, s) => n + s.questions.length, 0),
              attempts: deleting.attempts,
            })}
          </p>
          <ConfirmDeleteFooter
            saving={saving}
            onConfirm={() => sendModal({ type: 'modal.confirm' })}
            onCancel={close}
          />
        </Modal>
      ) : null}
    </div>
  );
}
