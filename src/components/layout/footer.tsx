import { deferredPart } from '../../lib/deferred-part.tsx';

/**
 * The footer at the bottom of every page: rendered in full by the server, its code loads after the
 * page's own (a deferred part), so its links add nothing to the JavaScript a page starts with.
 */
export const Footer = deferredPart(() => import('./footer-content.tsx').then((m) => m.FooterContent));
