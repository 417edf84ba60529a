import { ApiError, OPENING_MESSAGES, type Application } from '../../../contract/index.ts';
import {
  applicationFormMachine,
  applicationStageMachine,
  type ApplicationStageInput,
} from '../../../machines/index.ts';
import type { MachineModel } from '../machine-model.ts';
import { networkError } from '../samples.ts';
import { formModel } from './form-submit.model.ts';

/** Openings and applications (decision record 078): the student's Apply and the office's stage of one. */

export const appliedApplication: Application = {
  id: 21,
  opening: 5,
  opening_title: 'Credit Analyst, SME Banking',
  employer_name: 'HDFC Bank',
  student: 40,
  student_name: 'Asha Rao',
  student_email: 'asha@example.in',
  stage: 'applied',
  interview_at: null,
  interview_mode: null,
  cover_note: 'I have done the SME module.',
  resume: { file_name: 'Asha Rao CV.pdf', size_bytes: 48_213, url: '/classroom/applications/21/resume/' },
  created_at: '2026-11-20T05:30:00.000Z',
  updated_at: '2026-11-20T05:30:00.000Z',
};
export const shortlistedApplication: Application = { ...appliedApplication, stage: 'shortlisted' };
export const withdrawnApplication: Application = { ...appliedApplication, stage: 'withdrawn' };

/** Apply: a cover note and a PDF résumé (valid); a note over its 2,000 characters and a Word file (refused in the browser). */
export const validApplication = {
  cover_note: 'I have done the SME module.',
  resume: new File(['%PDF-1.4'], 'Asha Rao CV.pdf', { type: 'application/pdf' }),
};
export const invalidApplication = {
  cover_note: 'x'.repeat(2001),
  resume: new File(['PK'], 'Asha Rao CV.docx', { type: 'application/msword' }),
};
/** The opening closed meanwhile (400 with the server's sentence). */
export const openingClosed = new ApiError(400, { error: OPENING_MESSAGES.closed });

export const applicationFormModel = formModel('application-form', applicationFormMachine, {
  valid: validApplication,
  invalid: invalidApplication,
  outputs: [appliedApplication],
  errors: [openingClosed, networkError],
});

/** The office's choices: shortlist; an interview without its date (refused in the browser); back to applied. */
export const shortlist = { stage: 'shortlisted', note: '' } as const;
export const interviewWithoutDate = { stage: 'interview_scheduled', interview_mode: 'online' } as const;
export const backToApplied = { stage: 'applied' } as const;
/** The server's refusals: one sentence (withdrawn meanwhile) and a field's. */
export const stageFinalRefusal = new ApiError(400, { error: OPENING_MESSAGES.stageFinal });
export const interviewRefusal = new ApiError(400, { interview_at: [OPENING_MESSAGES.interviewDetails] });

export const applicationStageModel: MachineModel<ApplicationStageInput> = {
  name: 'application-stage',
  machine: applicationStageMachine,
  actors: ['saveStage'],
  appActions: ['stageSaved'],
  inputs: [{ application: appliedApplication }, { application: withdrawnApplication }],
  kind: ['shortest', 'transitions'],
  describeEvent: (event) => {
    const values = (event as { values?: unknown }).values;
    if (values === shortlist) return 'stage.save(shortlisted)';
    if (values === interviewWithoutDate) return 'stage.save(interview without date)';
    if (values === backToApplied) return 'stage.save(applied)';
    return undefined;
  },
  events: [
    { type: 'stage.edit' },
    { type: 'stage.cancel' },
    { type: 'stage.save', values: shortlist },
    { type: 'stage.save', values: interviewWithoutDate },
    { type: 'stage.save', values: backToApplied },
    { type: 'xstate.done.actor.saveStage', output: shortlistedApplication },
    { type: 'xstate.done.actor.saveStage', output: withdrawnApplication },
    { type: 'xstate.error.actor.saveStage', error: stageFinalRefusal },
    { type: 'xstate.error.actor.saveStage', error: interviewRefusal },
    { type: 'xstate.error.actor.saveStage', error: networkError },
  ],
};
