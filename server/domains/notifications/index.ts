/** What other domains use of notifications: the in-app notice that goes with each email they send. */
export { noticeOf } from './events.ts';
