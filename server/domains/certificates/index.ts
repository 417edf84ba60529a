/** What other domains may use of certificates beyond its service (decision record 076). */
export { courseAnswer } from './progress.ts';
export { seedDemoCertificate } from './seed.ts';
