import { fromPromise } from 'xstate';
import { contactMachine, type BookCounselingInput } from '../../../machines/contact.machine.ts';
import { bookCounseling } from '../../features/contact/api/contact-api.ts';

export const appContactMachine = contactMachine.provide({
  actors: {
    bookCounseling: fromPromise<unknown, BookCounselingInput>(({ input }) => bookCounseling(input.values)),
  },
});
