import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  CERTIFICATE_PATHS,
  CERTIFICATE_MESSAGES,
  certificateFileName,
  type CertificateRef,
} from '../../contract/index.ts';
import { createActionMachine } from '../../machines/action.machine.ts';
import { api } from '../lib/api-client.ts';
import { Notice } from './notice.tsx';

const downloadMachine = createActionMachine<void>();

/**
 * "Download certificate" (decision record 052), saved as `Certificate 42.pdf`: fetched with the access token
 * on the action machine, as the invoice link is; a failed download says why beside the link.
 */
export function CertificateLink({ certificate }: { certificate: Pick<CertificateRef, 'code' | 'number'> }) {
  const path = CERTIFICATE_PATHS.pdf(certificate.code);
  const filename = certificateFileName(certificate.number);
  const [snapshot, send] = useMachine(
    downloadMachine.provide({ actors: { run: fromPromise(() => api.download(path, filename)) } }),
    { input: { failureText: CERTIFICATE_MESSAGES.downloadFailed } },
  );
  return (
    <>
      <a
        className="btn btn-link"
        href={path}
        download={filename}
        aria-busy={snapshot.hasTag('busy') || undefined}
        onClick={(event) => {
          event.preventDefault();
          send({ type: 'action.run' });
        }}
      >
        Download certificate
      </a>
      {snapshot.matches('failed') && snapshot.context.error ? (
        <Notice kind="error">{snapshot.context.error}</Notice>
      ) : null}
    </>
  );
}
