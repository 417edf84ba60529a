/** Assessments' API paths and messages (decision records 071, 072), apart from the schemas so a page can name them without zod. */
type Id = number | string;
const P = ':id';

export const ASSESSMENT_PATHS = {
  questions: '/api/instructor/questions/',
  question: (id: Id = P) => `/api/instructor/questions/${id}/`,
  questionImport: '/api/instructor/questions/import/',
  questionTemplate: '/api/instructor/questions/template.csv',
  questionTemplateXlsx: '/api/instructor/questions/template.xlsx',
  tests: '/api/instructor/tests/',
  test: (id: Id = P) => `/api/instructor/tests/${id}/`,
  testAttempts: (id: Id = P) => `/api/instructor/tests/${id}/attempts/`,
  testScores: (id: Id = P) => `/api/instructor/tests/${id}/scores.csv`,
  testAnalysis: (id: Id = P) => `/api/instructor/tests/${id}/analysis/`,
  studentTests: '/classroom/tests/',
  startAttempt: (id: Id = P) => `/classroom/tests/${id}/attempts/`,
  attempt: (id: Id = P) => `/classroom/attempts/${id}/`,
  answer: (id: Id = P, question: Id = ':question') => `/classroom/attempts/${id}/answers/${question}/`,
  submit: (id: Id = P) => `/classroom/attempts/${id}/submit/`,
  enterSection: (id: Id = P, index: Id = ':index') => `/classroom/attempts/${id}/sections/${index}/enter/`,
  events: (id: Id = P) => `/classroom/attempts/${id}/events/`,
  result: (id: Id = P) => `/classroom/attempts/${id}/result/`,
} as const;

/** A save is accepted this long after ends_at (the network's time in flight): decision record 072. */
export const SAVE_GRACE_SECONDS = 5;

export const ASSESSMENT_MESSAGES = {
  notYourProgram: 'You can manage the questions and tests of the programs you teach only.',
  sharedBankAdmins: 'Only an administrator can change the shared question bank.',
  questionUsed: 'This question is in a finished attempt, so it cannot be deleted: retire it instead.',
  unknownQuestion: (id: number) => `Question ${id} does not exist or is not in this program's bank.`,
  optionIds: 'Each option needs its own id.',
  answerOptions: 'The answer must name options of this question.',
  singleAnswer: 'A single-choice or true/false question has exactly one correct option.',
  numericAnswer: 'A numeric question needs a number answer and no options.',
  batchProgram: 'The batch must be a batch of the test’s program.',
  closesAfterOpens: 'closes_at must be after opens_at.',
  testHasAttempts: 'Students have attempted this test, so it cannot be deleted.',
  notOpen: 'This test is not open now.',
  paused: (dueOn: string) =>
    `Your tests are paused with your lessons: the instalment due on ${dueOn} is unpaid. Pay it from your dashboard and you can start at once.`,
  noAttemptsLeft: (n: number) => `You have used all ${n} attempt${n === 1 ? '' : 's'} of this test.`,
  attemptOpen: 'You already have an attempt in progress: continue it.',
  timeUp: 'Time is up: this answer arrived after the test ended and was not saved.',
  submitted: 'This attempt has been submitted: answers can no longer change.',
  sectionTimeUp:
    'Time is up for this section: this answer arrived after the section ended and was not saved. Go on with the next section.',
  sectionNotStarted: 'This question is in a later section: the sections are taken in order.',
  sectionLocked: 'This section is over and locked: you cannot go back to it.',
  sectionsInOrder: 'The sections are taken in order: go to the next section first.',
  sectionTitleTwice: 'Two sections have this title: give each section its own.',
  unknownSection: 'This test has no such section.',
  sectionsFree: 'No section of this test has its own timer: move between sections freely.',
  notInAttempt: 'This question is not part of this attempt.',
  resultsLater: (at: string) => `Results will be published at ${at}.`,
  resultsAfterClose: 'Results will be published when the test closes.',
  importEmpty: 'The file has no question rows.',
  importType: 'Send a CSV file (UTF-8) or an Excel workbook (.xlsx), such as the template.',
  importXls: 'Old Excel files (.xls) are not read: save the sheet as an Excel workbook (.xlsx) or as CSV (UTF-8).',
  importUnreadable:
    'The file could not be read as an Excel workbook: save it again as .xlsx (Excel Workbook) or as CSV (UTF-8).',
} as const;
