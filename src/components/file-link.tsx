import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { formatFileSize, PLACEMENT_DOCUMENT_MESSAGES, type PlacementDocument } from '../../contract/index.ts';
import { createActionMachine } from '../../machines/action.machine.ts';
import { api } from '../lib/api-client.ts';
import { Notice } from './notice.tsx';

const downloadMachine = createActionMachine<void>();

/**
 * A stored PDF (a résumé, an offer letter) as a link that downloads it under its own name: fetched with the
 * access token on the action machine (a plain link would carry none; an administrator's download asks a
 * step-up first, as the API client does for every such call), as the invoice link is. A failed download says
 * why beside the link, which can be clicked again.
 */
export function FileLink({ file, label }: { file: PlacementDocument; label?: string }) {
  const [snapshot, send] = useMachine(
    downloadMachine.provide({ actors: { run: fromPromise(() => api.download(file.url, file.file_name)) } }),
    { input: { failureText: PLACEMENT_DOCUMENT_MESSAGES.downloadFailed } },
  );
  return (
    <>
      <a
        className="btn btn-link"
        href={file.url}
        download={file.file_name}
        aria-busy={snapshot.hasTag('busy') || undefined}
        onClick={(event) => {
          event.preventDefault();
          send({ type: 'action.run' });
        }}
      >
        {label ?? file.file_name}
      </a>{' '}
      <span className="status-text">({formatFileSize(file.size_bytes)})</span>
      {snapshot.matches('failed') && snapshot.context.error ? (
        <Notice kind="error">{snapshot.context.error}</Notice>
      ) : null}
    </>
  );
}
