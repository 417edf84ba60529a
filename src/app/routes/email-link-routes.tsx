import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ConfirmEmailPage, UndoEmailChangePage } from '../../features/auth/components/email-link-page.tsx';
import { emailLinkAction } from '../composition/email-links.ts';

/** The token rides in the link's fragment, which the browser never sends to a server (decision record 063). */
const useLinkToken = () => new URLSearchParams(useLocation().hash.slice(1)).get('token') ?? '';

/** /confirm-email#token=... */
export function ConfirmEmailRoute() {
  const token = useLinkToken();
  const [logic] = useState(() => emailLinkAction('confirm', token));
  return <ConfirmEmailPage logic={logic} />;
}

/** /undo-email-change#token=... */
export function UndoEmailChangeRoute() {
  const token = useLinkToken();
  const [logic] = useState(() => emailLinkAction('undo', token));
  return <UndoEmailChangePage logic={logic} />;
}
