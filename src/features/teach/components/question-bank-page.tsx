import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { MESSAGES, type Question } from '../../../../contract/index.ts';
import { adminModalMode } from '../../../../machines/admin-modal.machine.ts';
import { SelectField, TextField } from '../../../components/field.tsx';
import { ListStatus } from '../../../components/list-status.tsx';
import { Modal } from '../../../components/modal.tsx';
import { ConfirmDeleteFooter } from '../../../components/confirm-delete-footer.tsx';
import { Notice } from '../../../components/notice.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { useLoaderMachine } from '../../../lib/use-preloaded-machine.ts';
import type { QuestionBankMachines } from '../types.ts';
import { ForInstructors } from './for-instructors.tsx';
import { KIND_LABELS, QuestionForm } from './question-form.tsx';
import { QuestionImport } from './question-import.tsx';
import { TeachNav } from './teach-nav.tsx';

type Filters = { program: string; topic: string; search: string };

/**
 * /teach/questions (decision record 071): the bank of the programs the caller teaches (every program and
 * the shared bank for an administrator), filtered by program, topic and words; add, edit, delete (the
 * server refuses a question used in a finished attempt: retire it instead) and Import CSV.
 */
export function QuestionBankPage({ machines }: { machines: QuestionBankMachines }) {
  const [batches] = useLoaderMachine(machines.batches, {});
  const [list, sendList] = useMachine(machines.questions, {
    input: { failureText: 'The question bank could not be loaded.' },
  });
  const [modalLogic] = useState(() => machines.modal(() => sendList({ type: 'list.reload' })));
  const [modal, sendModal] = useMachine(modalLogic);
  const [filters, setFilters] = useState<Filters>({ program: '', topic: '', search: '' });

  if (batches.matches('loading')) return <PageLoading text="Loading the question bank..." />;
  const data = batches.context.data;
  if (data && !data.ok) return <ForInstructors message={data.message} />;
  const programs = [...new Map((data?.ok ? data.data : []).map((b) => [b.program.id, b.program.title]))]
    .map(([id, title]) => ({ value: String(id), label: title }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const programTitle = (id: number | null) =>
    id === null ? 'Shared bank' : (programs.find((p) => p.value === String(id))?.label ?? `Program #${id}`);

  function filter(name: keyof Filters, value: string) {
    const next = { ...filters, [name]: value };
    setFilters(next);
    sendList({ type: name === 'program' ? 'list.params' : 'list.search', params: next });
  }
  const mode = adminModalMode(modal.value);
  const { item, error, notice, fieldErrors } = modal.context;
  const saving = modal.hasTag('saving');
  const close = () => sendModal({ type: 'modal.close' });
  const items = list.context.items;

  return (
    <div className="container page question-bank">
      <TeachNav />
      <h1>Question bank</h1>
      <div className="filters" role="search" aria-label="Filter questions">
        <SelectField
          label="Program"
          options={programs}
          placeholder="All programs"
          value={filters.program}
          onChange={(e) => filter('program', e.target.value)}
        />
        <TextField label="Topic" value={filters.topic} onChange={(e) => filter('topic', e.target.value)} />
        <TextField
          label="Search"
          type="search"
          value={filters.search}
          onChange={(e) => filter('search', e.target.value)}
        />
        <button type="button" className="btn btn-primary" onClick={() => sendModal({ type: 'modal.add' })}>
          Add question
        </button>
      </div>
      {notice ? (
        <Notice kind="success" onDismiss={() => sendModal({ type: 'notice.dismiss' })}>
          {notice}
        </Notice>
      ) : null}
      {error && !modal.hasTag('open') ? (
        <Notice kind="error" onDismiss={() => sendModal({ type: 'notice.dismiss' })}>
          {error}
        </Notice>
      ) : null}
      <ListStatus
        loading={list.hasTag('busy') && items.length === 0}
        error={list.context.error}
        empty={items.length === 0}
        loadingText="Loading questions..."
        emptyText="No questions match. Add one, or import a CSV."
        onRetry={() => sendList({ type: 'list.retry' })}
      >
        <ScrollTable label="Questions" headers={['Question', 'Topic', 'Kind', 'Program', 'Marks', 'Status', 'Actions']}>
          {items.map((q) => (
            <QuestionRow
              key={q.id}
              question={q}
              program={programTitle(q.program)}
              onEdit={() => sendModal({ type: 'modal.edit', item: q })}
              onDelete={() => sendModal({ type: 'modal.delete', item: q })}
            />
          ))}
        </ScrollTable>
      </ListStatus>
      <QuestionImport
        importer={machines.importer}
        downloadTemplate={machines.downloadTemplate}
        onImported={() => sendList({ type: 'list.reload' })}
      />
      {mode === 'add' || mode === 'edit' ? (
        <QuestionForm
          item={mode === 'edit' ? (item as Question) : null}
          programs={programs}
          saving={saving}
          error={error}
          fieldErrors={fieldErrors}
          onSubmit={(values) => sendModal({ type: 'modal.submit', values })}
          onClose={close}
        />
      ) : null}
      {modal.matches('confirmingDelete') || modal.matches('deleting') ? (
        <Modal title="Delete question" onClose={close} size="small" role="alertdialog">
          <p>{MESSAGES.deleteConfirm}</p>
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

type RowProps = { question: Question; program: string; onEdit: () => void; onDelete: () => void };

function QuestionRow({ question: q, program, onEdit, onDelete }: RowProps) {
  const short = q.text.length > 120 ? `${q.text.slice(0, 117)}...` : q.text;
  return (
    <tr>
      <td>{short}</td>
      <td>{q.topic}</td>
      <td>{KIND_LABELS[q.kind]}</td>
      <td>{program}</td>
      <td>
        {q.marks}
        {q.negative_marks ? ` (−${q.negative_marks})` : ''}
      </td>
      <td>{[q.retired ? 'Retired' : 'Active', q.used ? 'used in attempts' : ''].filter(Boolean).join(', ')}</td>
      <td>
        <button type="button" className="btn btn-outline btn-small" onClick={onEdit} aria-label={`Edit: ${short}`}>
          Edit
        </button>{' '}
        <button type="button" className="btn btn-danger btn-small" onClick={onDelete} aria-label={`Delete: ${short}`}>
          Delete
        </button>
      </td>
    </tr>
  );
}
