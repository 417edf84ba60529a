import { useMachine } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import type { ImportOutcome } from '../../../../contract/index.ts';
import { FormError, Notice } from '../../../components/notice.tsx';
import { plural } from '../../../utils/format.ts';
import type { QuestionBankMachines } from '../types.ts';

type Props = {
  importer: QuestionBankMachines['importer'];
  downloadTemplate: (format: 'csv' | 'xlsx') => Promise<void>;
  /** After an import that went in: the list reloads. */
  onImported: () => void;
};

/**
 * Import CSV or Excel (decision records 071, 083): the template to start from (CSV or XLSX, the same columns),
 * a file, and the server's answer — the count imported, or every bad row and column named with nothing imported.
 */
export function QuestionImport({ importer, downloadTemplate, onImported }: Props) {
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [logic] = useState(() =>
    importer((answer) => {
      setOutcome(answer);
      if (answer.ok) onImported();
    }),
  );
  const [snapshot, send] = useMachine(logic);
  const [file, setFile] = useState<File | undefined>(undefined);
  const [templateError, setTemplateError] = useState<string | null>(null);
  const { errors, failure } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  function submit(event: FormEvent) {
    event.preventDefault();
    setOutcome(null);
    send({ type: 'form.submit', values: { file: file as File } });
  }
  function template(format: 'csv' | 'xlsx') {
    setTemplateError(null);
    downloadTemplate(format).catch(() => setTemplateError('The template could not be downloaded. Please try again.'));
  }
  return (
    <section className="card question-import" aria-labelledby="import-csv">
      <h2 id="import-csv">Import CSV or Excel</h2>
      <p>
        One question per row, in the template’s columns; every row is checked and the file is imported whole or not at
        all.{' '}
        <button type="button" className="btn btn-ghost btn-small" onClick={() => template('csv')}>
          Download the template (CSV)
        </button>{' '}
        <button type="button" className="btn btn-ghost btn-small" onClick={() => template('xlsx')}>
          Download the template (Excel)
        </button>
      </p>
      {templateError ? <Notice kind="error">{templateError}</Notice> : null}
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="question-csv">CSV or Excel (.xlsx) file</label>
          <input
            id="question-csv"
            type="file"
            accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? 'question-csv-e' : undefined}
            onChange={(e) => setFile(e.target.files?.[0] ?? undefined)}
          />
          {errors.file ? (
            <p id="question-csv-e" className="field-error" role="alert">
              {errors.file}
            </p>
          ) : null}
        </div>
        {snapshot.matches('failed') && failure ? <FormError>{failure}</FormError> : null}
        {outcome?.ok ? <Notice kind="success">Imported {plural(outcome.imported, 'question')}.</Notice> : null}
        {outcome && !outcome.ok ? <ImportProblems outcome={outcome} /> : null}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Importing...' : 'Import'}
        </button>
      </form>
    </section>
  );
}

/** The server's refusal: its sentence, then each bad row and column in its words. */
function ImportProblems({ outcome }: { outcome: Extract<ImportOutcome, { ok: false }> }) {
  return (
    <div className="notice notice-error import-problems" role="alert">
      <p>{outcome.detail}</p>
      <ul>
        {outcome.problems.map((p, i) => (
          <li key={i}>
            Row {p.row}, column {p.column}: {p.problem}
          </li>
        ))}
      </ul>
    </div>
  );
}
