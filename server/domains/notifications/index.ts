/** What other domains use of notifications: the in-app notice that goes with each email they send. */
export { noticeOf } from './events.ts';
/** The account's number changed (accounts' profile): what WhatsApp and SMS do about it. */
export { phoneChanged } from './channels.ts';
