/** What other domains may use of this one beyond its service (decision record 076). */
export { toPayment } from './present.ts';
