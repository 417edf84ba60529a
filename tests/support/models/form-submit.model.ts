import {
  ApiError,
  PLACEMENT_DOCUMENT_MESSAGES,
  PLACEMENT_MESSAGES,
  type CounselingInput,
  type Offer,
} from '../../../contract/index.ts';
import {
  contactMachine,
  forgotPasswordMachine,
  loginFormMachine,
  offerLetterMachine,
  offerReportMachine,
  questionImportMachine,
  registerFormMachine,
} from '../../../machines/index.ts';
import type { MachineModel, ModelEvent } from '../machine-model.ts';
import {
  badCredentials,
  networkError,
  sampleNewStudent,
  sampleStudent,
  serverError,
  usernameTaken,
} from '../samples.ts';
import { sampleChallenge } from './session.model.ts';

/**
 * The form-submit factory's instances: each with values that pass its contract schema, values that do
 * not, the answers of a `submit` that succeeded and the errors of one that failed.
 */
export const validCounseling: CounselingInput = {
  name: 'Neha Gupta',
  email: 'neha@example.in',
  phone: '98765 43210',
  preferred_date: '',
  interest: 'Credit Analyst Program',
  message: '',
};
export const invalidCounseling: CounselingInput = { ...validCounseling, name: '', phone: '12345' };
/** A 4xx whose words the user sees (the rate limit, say). */
export const tooManyRequests = new ApiError(429, { detail: 'Too many requests. Please try again later.' });

export const validForgotPassword = { email: 'student@example.in' };
export const invalidForgotPassword = { email: 'student.example.in' };

export const validLogin = { username: 'student', password: 'student123' };
export const invalidLogin = { username: '', password: '' };

export const validRegistration = {
  username: 'arjun',
  email: 'arjun@example.in',
  password: 'long-enough-password',
  first_name: 'Arjun',
  last_name: 'Mehta',
  is_adult: true,
};
export const invalidRegistration = { ...validRegistration, username: 'arjun mehta', password: 'short' };

export function formModel(
  name: string,
  machine: MachineModel['machine'],
  samples: { valid: unknown; invalid: unknown; outputs: unknown[]; errors: unknown[] },
): MachineModel {
  return {
    name,
    machine,
    actors: ['submit'],
    appActions: ['submitted'],
    describeEvent: (event) => {
      const values = (event as { values?: unknown }).values;
      if (values === samples.valid) return 'form.submit(valid)';
      if (values === samples.invalid) return 'form.submit(invalid)';
      return undefined;
    },
    events: [
      { type: 'form.submit', values: samples.valid },
      { type: 'form.submit', values: samples.invalid },
      ...samples.outputs.map((output): ModelEvent => ({ type: 'xstate.done.actor.submit', output })),
      ...samples.errors.map((error): ModelEvent => ({ type: 'xstate.error.actor.submit', error })),
    ],
  };
}

export const contactModel = formModel('contact', contactMachine, {
  valid: validCounseling,
  invalid: invalidCounseling,
  outputs: [{ id: 1 }],
  errors: [tooManyRequests, serverError, networkError],
});

export const forgotPasswordModel = formModel('forgot-password', forgotPasswordMachine, {
  valid: validForgotPassword,
  invalid: invalidForgotPassword,
  outputs: [undefined],
  errors: [tooManyRequests, serverError, networkError],
});

export const loginFormModel = formModel('login-form', loginFormMachine, {
  valid: validLogin,
  invalid: invalidLogin,
  outputs: [sampleStudent, sampleChallenge],
  errors: [badCredentials, networkError],
});

export const registerFormModel = formModel('register-form', registerFormMachine, {
  valid: validRegistration,
  invalid: invalidRegistration,
  outputs: [sampleNewStudent],
  errors: [usernameTaken, networkError],
});

/** The dashboard's Report an offer: a batch of the student's, an employer by name, the CTC in whole rupees. */
export const validOfferReport = {
  batch: 7,
  employer_name: 'HDFC Bank',
  designation: 'Credit Analyst',
  annual_ctc: 650_000,
  offer_date: '2026-04-02',
  joining_date: null,
};
export const invalidOfferReport = {
  ...validOfferReport,
  designation: '',
  annual_ctc: 500,
  offer_letter: new File(['PK'], 'offer.docx', { type: 'application/msword' }),
};
export const reportedOffer: Offer = {
  id: 11,
  student: 40,
  student_name: 'Asha Rao',
  batch: 7,
  batch_name: 'March 2026',
  program: 3,
  program_title: 'Credit Analyst Program',
  employer: 1,
  employer_name: 'HDFC Bank',
  designation: 'Credit Analyst',
  annual_ctc: 650_000,
  offer_date: '2026-04-02',
  joining_date: null,
  status: 'claimed',
  verified_via: null,
  verified_at: null,
  consent_to_publish: false,
  offer_letter: null,
  created_at: '2026-04-03T10:00:00.000Z',
};
/** The server refuses a batch the student did not study in (400 `{error}`). */
export const notEnrolledRefusal = new ApiError(400, { error: PLACEMENT_MESSAGES.notEnrolled });

export const offerReportModel = formModel('offer-report', offerReportMachine, {
  valid: validOfferReport,
  invalid: invalidOfferReport,
  outputs: [reportedOffer],
  errors: [notEnrolledRefusal, networkError],
});

/** A claimed offer's Add offer letter: a PDF (valid) or a Word file (refused in the browser). */
export const validOfferLetter = {
  offer_letter: new File(['%PDF-1.4'], 'HDFC offer.pdf', { type: 'application/pdf' }),
};
export const invalidOfferLetter = {
  offer_letter: new File(['PK'], 'HDFC offer.docx', { type: 'application/msword' }),
};
export const offerWithLetter: Offer = {
  ...reportedOffer,
  offer_letter: { file_name: 'HDFC offer.pdf', size_bytes: 8, url: '/classroom/offers/11/offer-letter/' },
};
/** The office verified the offer meanwhile: its letter is final (400 with the server's sentence). */
export const letterFinalRefusal = new ApiError(400, { error: PLACEMENT_DOCUMENT_MESSAGES.offerLetterFinal });

export const offerLetterModel = formModel('offer-letter', offerLetterMachine, {
  valid: validOfferLetter,
  invalid: invalidOfferLetter,
  outputs: [offerWithLetter],
  errors: [letterFinalRefusal, networkError],
});

/** The question bank's Import CSV: a file chosen, or none; the count imported or the rows refused (a 400). */
export const validQuestionImport = {
  file: new File(['topic,kind,text,answer\r\n'], 'questions.csv', { type: 'text/csv' }),
};
export const invalidQuestionImport = { file: undefined };
export const importedQuestions = { ok: true, imported: 3 };
export const refusedImport = {
  ok: false,
  detail: 'Nothing was imported: 1 problem to fix.',
  problems: [{ row: 3, column: 'kind', problem: 'Kind must be one of: single, multiple, numeric, true_false.' }],
};
/** An old Excel file (.xls) sent (415 with the server's words). */
export const excelRefusal = new ApiError(415, {
  detail: 'Old Excel files (.xls) are not read: save the sheet as an Excel workbook (.xlsx) or as CSV (UTF-8).',
});

export const questionImportModel = formModel('question-import', questionImportMachine, {
  valid: validQuestionImport,
  invalid: invalidQuestionImport,
  outputs: [importedQuestions, refusedImport],
  errors: [excelRefusal, networkError],
});
