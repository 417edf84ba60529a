/** What other domains may use of privacy (decision record 076). */
export { beforePaymentStart } from './consents.ts';
