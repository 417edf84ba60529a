import { assign, setup } from 'xstate';
import type { z } from 'zod';
import {
  CounselingInput,
  firstFieldErrors,
  LoginInput,
  MESSAGES,
  NOTIFY_UI_MESSAGES,
  PasswordResetRequestInput,
  PreferencesInput,
  PLACEMENT_MESSAGES,
  RegisterInput,
  StudentOfferForm,
  OfferLetterForm,
  PLACEMENT_DOCUMENT_MESSAGES,
  userMessage,
  WhatsAppOptInForm,
  ApplicationForm,
  OPENING_UI_MESSAGES,
  type Application,
  AnnouncementInput,
  type Announcement,
  type Offer,
  type Preferences,
  type MfaChallenge,
  type User,
} from '../contract/index.ts';
import { appAction, notProvided } from './placeholders.ts';

/**
 * The one form-submit machine (as list.machine.ts is for lists): a form whose values are checked with a
 * contract schema, sent, and then done or failed. The view keeps the typed values and sends them with
 * `form.submit`; the machine shows the schema's first message per field (the server's keys) and sends
 * nothing until they pass, then runs the app's `submit` actor with the parsed values; a failure shows the
 * server's words for the user, else the form's own text (`userMessage(error, failureText)`).
 * Each form is an instance of `createFormSubmitMachine` (the SPA's are at the end of this file).
 */
export type FormSubmitOptions<TSchema extends z.ZodType> = {
  /** The machine id (its name in machines/catalog.ts and docs/machines). */
  id: string;
  /** The contract schema the values must pass before anything is sent (the server checks the same). */
  schema: TSchema;
  /** What a failed submit shows when the server gave no words for the user. */
  failureText: string;
};

export type FormSubmitContext<TData> = {
  /** The values of the last valid submit, as the schema parsed them: what `submit` sends. */
  data: TData | null;
  /** The first message per field of the last refused submit (the server's keys: contract/validation.ts). */
  errors: Record<string, string>;
  /** The failure text of the last send. */
  failure: string | null;
};

export type FormSubmitEvent<TValues> = { type: 'form.submit'; values: TValues };
export type FormSubmitInput<TData> = { values: TData };

export function createFormSubmitMachine<TSchema extends z.ZodType, TOutput = unknown>(
  options: FormSubmitOptions<TSchema>,
) {
  type TValues = z.input<TSchema>;
  type TData = z.output<TSchema>;
  return setup({
    types: {
      context: {} as FormSubmitContext<TData>,
      events: {} as FormSubmitEvent<TValues>,
    },
    actors: {
      /** The app's call with the parsed values (POST …). */
      submit: notProvided<TOutput, FormSubmitInput<TData>>('submit'),
    },
    actions: {
      /** After a submit that succeeded, with its answer (e.g. hand the signed-in user to the session). */
      submitted: appAction<{ output: TOutput }>(),
      check: assign((_, params: { values: TValues }) => {
        const result = options.schema.safeParse(params.values);
        return result.success
          ? { data: result.data as TData, errors: {}, failure: null }
          : { data: null, errors: firstFieldErrors(result.error), failure: null };
      }),
      setFailure: assign((_, params: { error: unknown }) => ({
        failure: userMessage(params.error, options.failureText),
      })),
    },
    guards: {
      isValid: ({ context }) => context.data !== null,
    },
  }).createMachine({
    id: options.id,
    initial: 'editing',
    context: { data: null, errors: {}, failure: null },
    // From the form, the answer or the failure alike: the values are checked, then sent or refused.
    on: {
      'form.submit': {
        target: '.validating',
        actions: { type: 'check', params: ({ event }) => ({ values: event.values }) },
      },
    },
    states: {
      editing: {},
      /** Transient: valid values are sent, else the form shows their messages. */
      validating: {
        always: [{ guard: 'isValid', target: 'submitting' }, { target: 'editing' }],
      },
      submitting: {
        tags: ['busy'],
        // Submits while one is in flight are ignored.
        on: { 'form.submit': {} },
        invoke: {
          id: 'submit',
          src: 'submit',
          input: ({ context }) => ({ values: context.data as TData }),
          onDone: { target: 'done', actions: { type: 'submitted', params: ({ event }) => ({ output: event.output }) } },
          onError: {
            target: 'failed',
            actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
          },
        },
      },
      /** The view says so (and may empty the form, or move on). */
      done: {},
      /** The view shows `failure`. */
      failed: {},
    },
  });
}

/** /contact, Book Free Counseling: `submit` is POST /classroom/counseling-requests/; done shows MESSAGES.counselingSent. */
export const contactMachine = createFormSubmitMachine({
  id: 'contact',
  schema: CounselingInput,
  failureText: MESSAGES.counselingFailed,
});
export type ContactLogic = typeof contactMachine;

/**
 * /forgot-password: `submit` is POST /auth/password-reset/; done shows SERVER_MESSAGES.resetRequested, the
 * same whether or not an account has the address; a failure the server's words (the rate limit's for a 429).
 */
export const forgotPasswordMachine = createFormSubmitMachine({
  id: 'forgot-password',
  schema: PasswordResetRequestInput,
  failureText: MESSAGES.passwordResetRequestFailed,
});
export type ForgotPasswordLogic = typeof forgotPasswordMachine;

/**
 * /login's password form: `submit` stores both tokens and loads the user, or answers the server's
 * challenge for a second factor; `submitted` hands that answer to the session (`loginAnswerEvent`).
 */
export const loginFormMachine = createFormSubmitMachine<typeof LoginInput, User | MfaChallenge>({
  id: 'login-form',
  schema: LoginInput,
  failureText: MESSAGES.loginFailed,
});
export type LoginFormLogic = typeof loginFormMachine;

/** /register: `submit` creates the student, stores both tokens and loads the user; `submitted` signs them in. */
export const registerFormMachine = createFormSubmitMachine<typeof RegisterInput, User>({
  id: 'register-form',
  schema: RegisterInput,
  failureText: MESSAGES.registerFailed,
});
export type RegisterFormLogic = typeof registerFormMachine;

/**
 * The dashboard's Report an offer (decision record 078): `submit` is POST /classroom/offers/ (the offer
 * starts claimed; the offer letter, a PDF, goes with it when chosen); `submitted` reloads the student's
 * placement section, which lists it as claimed.
 */
export const offerReportMachine = createFormSubmitMachine<typeof StudentOfferForm, Offer>({
  id: 'offer-report',
  schema: StudentOfferForm,
  failureText: PLACEMENT_MESSAGES.reportFailed,
});
export type OfferReportLogic = typeof offerReportMachine;

/**
 * The dashboard's Add or Replace offer letter of a claimed offer (decision record 078): the PDF chosen;
 * `submit` is PUT /classroom/offers/{id}/offer-letter/ through the one upload (a refusal, e.g. the offer
 * verified meanwhile or the file too large, shows in the form); `submitted` reloads the offer list.
 */
export const offerLetterMachine = createFormSubmitMachine<typeof OfferLetterForm, Offer>({
  id: 'offer-letter',
  schema: OfferLetterForm,
  failureText: PLACEMENT_DOCUMENT_MESSAGES.uploadFailed,
});
export type OfferLetterLogic = typeof offerLetterMachine;

/**
 * The dashboard's Apply to an opening (decision record 078): the cover note and the résumé (a PDF, needed);
 * `submit` is POST /classroom/openings/{id}/applications/ as a form (a refusal, e.g. the opening closed or
 * the file too large, shows in the form); `submitted` reloads the Openings, which list the application.
 */
export const applicationFormMachine = createFormSubmitMachine<typeof ApplicationForm, Application>({
  id: 'application-form',
  schema: ApplicationForm,
  failureText: OPENING_UI_MESSAGES.applyFailed,
});
export type ApplicationFormLogic = typeof applicationFormMachine;

/**
 * /notifications, Notification settings: the channels per kind. `submit` is PUT
 * /classroom/notifications/preferences/; a refusal (WhatsApp without the opt-in, SMS without a number)
 * shows the server's words.
 */
export const notificationPreferencesMachine = createFormSubmitMachine<typeof PreferencesInput, Preferences>({
  id: 'notification-preferences',
  schema: PreferencesInput,
  failureText: NOTIFY_UI_MESSAGES.saveFailed,
});
export type NotificationPreferencesLogic = typeof notificationPreferencesMachine;

/**
 * /notifications, WhatsApp opt-in: the number and the explicit consent. `submit` is POST
 * /classroom/notifications/whatsapp/ `{opt_in: true, phone}`; `submitted` reloads the settings.
 */
export const whatsAppOptInMachine = createFormSubmitMachine<typeof WhatsAppOptInForm, Preferences>({
  id: 'whatsapp-opt-in',
  schema: WhatsAppOptInForm,
  failureText: NOTIFY_UI_MESSAGES.whatsappFailed,
});
export type WhatsAppOptInLogic = typeof whatsAppOptInMachine;

/**
 * /teach/batches/{id}, Announce to the batch: `{title, body (Markdown), urgent}`. `submit` is POST
 * /api/instructor/batches/{id}/announcements/; done shows how many students it reached (`announcedTo`).
 */
export const announcementMachine = createFormSubmitMachine<typeof AnnouncementInput, Announcement>({
  id: 'announcement',
  schema: AnnouncementInput,
  failureText: NOTIFY_UI_MESSAGES.announceFailed,
});
export type AnnouncementLogic = typeof announcementMachine;
