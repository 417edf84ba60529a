import { describe, expect } from 'vitest';
import {
  ASSESSMENT_MESSAGES,
  MESSAGES,
  NOTIFY_UI_MESSAGES,
  OPENING_MESSAGES,
  OPENING_UI_MESSAGES,
  PLACEMENT_MESSAGES,
  PLACEMENT_DOCUMENT_MESSAGES,
  SERVER_MESSAGES,
  TEACHING_MESSAGES,
} from '../../contract/index.ts';
import type { MachineModel } from '../support/machine-model.ts';
import {
  applicationFormModel,
  announcementModel,
  contactModel,
  invalidApplication,
  openingClosed,
  validApplication,
  excelRefusal,
  forgotPasswordModel,
  invalidCounseling,
  invalidForgotPassword,
  invalidLogin,
  invalidAnnouncement,
  invalidOfferReport,
  invalidOfferLetter,
  letterFinalRefusal,
  offerLetterModel,
  validOfferLetter,
  invalidQuestionImport,
  invalidRegistration,
  invalidOptIn,
  invalidPreferences,
  loginFormModel,
  notEnrolledRefusal,
  notificationPreferencesModel,
  notYourBatch,
  numberRefused,
  offerReportModel,
  questionImportModel,
  registerFormModel,
  tooManyRequests,
  validAnnouncement,
  validCounseling,
  validForgotPassword,
  validLogin,
  validOfferReport,
  validQuestionImport,
  validOptIn,
  validPreferences,
  validRegistration,
  whatsAppFirst,
  whatsAppOptInModel,
} from '../support/models/index.ts';
import { badCredentials, networkError, serverError, usernameTaken } from '../support/samples.ts';
import { actionNames, actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

/** Per form: what its invalid sample shows under the fields, what a valid one sends, what each failure says. */
type FormOracle = {
  invalid: unknown;
  fieldErrors: Record<string, string>;
  valid: unknown;
  /** The values as the contract schema parses them: what the server receives. */
  sent: unknown;
  failureText: Map<unknown, string>;
};

const forms: [MachineModel, FormOracle][] = [
  [
    contactModel,
    {
      invalid: invalidCounseling,
      fieldErrors: { name: 'Name is required.', phone: 'Enter a 10-digit Indian mobile number.' },
      valid: validCounseling,
      sent: { ...validCounseling, phone: '9876543210', preferred_date: null },
      // A 4xx carries words for the user; a 500 or a network failure shows the page's own text.
      failureText: new Map<unknown, string>([
        [tooManyRequests, 'Too many requests. Please try again later.'],
        [serverError, MESSAGES.counselingFailed],
        [networkError, MESSAGES.counselingFailed],
      ]),
    },
  ],
  [
    forgotPasswordModel,
    {
      invalid: invalidForgotPassword,
      fieldErrors: { email: 'Enter a valid email address.' },
      valid: validForgotPassword,
      sent: validForgotPassword,
      failureText: new Map<unknown, string>([
        [tooManyRequests, 'Too many requests. Please try again later.'],
        [serverError, MESSAGES.passwordResetRequestFailed],
        [networkError, MESSAGES.passwordResetRequestFailed],
      ]),
    },
  ],
  [
    loginFormModel,
    {
      invalid: invalidLogin,
      fieldErrors: { username: 'Username is required.', password: 'Password is required.' },
      valid: validLogin,
      sent: validLogin,
      failureText: new Map<unknown, string>([
        [badCredentials, SERVER_MESSAGES.badCredentials],
        [networkError, MESSAGES.loginFailed],
      ]),
    },
  ],
  [
    registerFormModel,
    {
      invalid: invalidRegistration,
      fieldErrors: {
        username: 'Username may contain only letters, digits and @ . + - _',
        password: 'Password must be at least 8 characters.',
      },
      valid: validRegistration,
      sent: validRegistration,
      failureText: new Map<unknown, string>([
        [usernameTaken, SERVER_MESSAGES.usernameTaken],
        [networkError, MESSAGES.registerFailed],
      ]),
    },
  ],
  [
    offerReportModel,
    {
      invalid: invalidOfferReport,
      fieldErrors: {
        designation: 'Designation is required.',
        annual_ctc: PLACEMENT_MESSAGES.ctc,
        offer_letter: PLACEMENT_DOCUMENT_MESSAGES.offerLetterType,
      },
      valid: validOfferReport,
      sent: validOfferReport,
      failureText: new Map<unknown, string>([
        [notEnrolledRefusal, PLACEMENT_MESSAGES.notEnrolled],
        [networkError, PLACEMENT_MESSAGES.reportFailed],
      ]),
    },
  ],
  [
    offerLetterModel,
    {
      invalid: invalidOfferLetter,
      fieldErrors: { offer_letter: PLACEMENT_DOCUMENT_MESSAGES.offerLetterType },
      valid: validOfferLetter,
      sent: validOfferLetter,
      failureText: new Map<unknown, string>([
        [letterFinalRefusal, PLACEMENT_DOCUMENT_MESSAGES.offerLetterFinal],
        [networkError, PLACEMENT_DOCUMENT_MESSAGES.uploadFailed],
      ]),
    },
  ],
  [
    applicationFormModel,
    {
      invalid: invalidApplication,
      fieldErrors: { cover_note: OPENING_MESSAGES.coverNote, resume: PLACEMENT_DOCUMENT_MESSAGES.resumeType },
      valid: validApplication,
      sent: validApplication,
      failureText: new Map<unknown, string>([
        [openingClosed, OPENING_MESSAGES.closed],
        [networkError, OPENING_UI_MESSAGES.applyFailed],
      ]),
    },
  ],
  [
    questionImportModel,
    {
      invalid: invalidQuestionImport,
      fieldErrors: { file: 'Choose a CSV or Excel (.xlsx) file to import.' },
      valid: validQuestionImport,
      sent: validQuestionImport,
      failureText: new Map<unknown, string>([
        [excelRefusal, ASSESSMENT_MESSAGES.importXls],
        [networkError, 'The file could not be imported. Please try again.'],
      ]),
    },
  ],
  [
    notificationPreferencesModel,
    {
      invalid: invalidPreferences,
      fieldErrors: { kinds: 'Choose the channels of at least one kind of message.' },
      valid: validPreferences,
      sent: validPreferences,
      // WhatsApp before the opt-in: the server's words.
      failureText: new Map<unknown, string>([
        [whatsAppFirst, 'Turn on WhatsApp with your number first, then choose what it brings you.'],
        [serverError, NOTIFY_UI_MESSAGES.saveFailed],
        [networkError, NOTIFY_UI_MESSAGES.saveFailed],
      ]),
    },
  ],
  [
    whatsAppOptInModel,
    {
      invalid: invalidOptIn,
      fieldErrors: { phone: 'Enter a 10-digit Indian mobile number.', consent: NOTIFY_UI_MESSAGES.consentRequired },
      valid: validOptIn,
      // The number as the server stores it; the consent is the box, not a field sent.
      sent: { phone: '919876543210', consent: true },
      failureText: new Map<unknown, string>([
        [numberRefused, 'Enter a 10-digit Indian mobile number.'],
        [networkError, NOTIFY_UI_MESSAGES.whatsappFailed],
      ]),
    },
  ],
  [
    announcementModel,
    {
      invalid: invalidAnnouncement,
      fieldErrors: { title: 'Give the announcement a title.', body: 'Write the announcement.' },
      valid: validAnnouncement,
      sent: validAnnouncement,
      failureText: new Map<unknown, string>([
        [notYourBatch, TEACHING_MESSAGES.notYourBatch],
        [networkError, NOTIFY_UI_MESSAGES.announceFailed],
      ]),
    },
  ],
];

for (const [model, oracle] of forms) {
  describe(`${model.name} machine (form-submit), generated paths`, () => {
    testGeneratedPaths(model, (step) => {
      const state = stateOf(step);
      const { errors, failure } = step.snapshot.context as { errors: Record<string, string>; failure: string | null };
      const event = step.event as { type: string; error?: unknown; output?: unknown; values?: unknown };
      const before = step.previous;

      expect(step.snapshot.hasTag('busy')).toBe(state === 'submitting');
      // Validating is transient: a snapshot is never in it.
      expect(['editing', 'submitting', 'done', 'failed']).toContain(state);
      if (step.index === 0) expect([state, errors, failure]).toEqual(['editing', {}, null]);
      if (state !== 'failed') expect(failure).toBeNull();
      if (state !== 'editing') expect(errors).toEqual({});

      switch (event.type) {
        case 'form.submit':
          if (before?.value === 'submitting') {
            // Ignored while a request is in flight.
            expect(state).toBe('submitting');
            expect(actorCalls(step.effects)).toEqual([]);
          } else if (event.values === oracle.invalid) {
            // Refused in the browser with the server's own messages, nothing sent.
            expect(state).toBe('editing');
            expect(errors).toEqual(oracle.fieldErrors);
            expect(actorCalls(step.effects)).toEqual([]);
          } else {
            expect(event.values).toBe(oracle.valid);
            expect(state).toBe('submitting');
            expect(actorCalls(step.effects)).toEqual([{ src: 'submit', input: { values: oracle.sent } }]);
          }
          break;
        case 'xstate.done.actor.submit':
          expect(state).toBe('done');
          // The answer goes to the app (the session, for the login and sign-up forms).
          expect(step.effects.actions).toEqual([{ name: 'submitted', params: { output: event.output } }]);
          break;
        case 'xstate.error.actor.submit':
          expect(state).toBe('failed');
          expect(failure).toBe(oracle.failureText.get(event.error));
          break;
      }
      if (event.type !== 'form.submit') expect(actorCalls(step.effects)).toEqual([]);
      if (event.type !== 'xstate.done.actor.submit') expect(actionNames(step.effects)).toEqual([]);
    });
  });
}
