import { fromPromise } from 'xstate';
import type { z } from 'zod';
import type { CounselingInput } from '../../../contract/index.ts';
import { contactMachine, type FormSubmitInput } from '../../../machines/form-submit.machine.ts';
import { bookCounseling } from '../../features/contact/api/contact-api.ts';

export const appContactMachine = contactMachine.provide({
  actors: {
    submit: fromPromise<unknown, FormSubmitInput<z.output<typeof CounselingInput>>>(({ input }) =>
      bookCounseling(input.values),
    ),
  },
});
