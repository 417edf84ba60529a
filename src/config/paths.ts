import type { CourseType } from '../../contract/index.ts';

/** Every route path of the app, in one typed object (bulletproof-react). */
export const paths = {
  home: '/',
  login: '/login',
  account: '/account',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  contact: '/contact',
  about: '/about',
  programs: '/programs',
  program: {
    pattern: '/programs/:id',
    to: (id: number | string) => `/programs/${id}`,
  },
  faculty: '/faculty',
  workshops: '/workshops',
  placement: '/placement',
  placementMethodology: '/placement/methodology',
  placementConfirm: '/placement/confirm',
  resources: '/resources',
  dashboard: '/dashboard',
  admin: '/admin',
  /** The policy pages (server-rendered from content/policies/*.md), linked from every footer. */
  policies: ['/privacy', '/terms', '/refund-policy', '/delivery-policy', '/grievance'],
  accountPrivacy: '/account/privacy',
  /** The student's notifications and their settings (decision records 073 and 074). */
  notifications: '/notifications',
  guardianConfirm: '/guardian-confirm',
  /** The emailed links of decision record 063 (the token in the fragment; contract IDENTITY_PAGES). */
  confirmEmail: '/confirm-email',
  undoEmailChange: '/undo-email-change',
  /** The student's course page for one enrollment. */
  learn: {
    pattern: '/learn/:enrollmentId',
    to: (enrollmentId: number | string) => `/learn/${enrollmentId}`,
  },
  /** The exam screen of a test (resumes or starts the attempt; decision record 072). */
  test: {
    pattern: '/tests/:id',
    to: (id: number | string) => `/tests/${id}`,
  },
  /** An attempt's result (or when it will be published): where the exam screen goes after Submit. */
  testResult: {
    pattern: '/tests/:id/result/:attempt',
    to: (id: number | string, attempt: number | string) => `/tests/${id}/result/${attempt}`,
  },
  /** The instructor area (decision record 050). */
  teach: '/teach',
  teachBatch: {
    pattern: '/teach/batches/:id',
    to: (id: number | string) => `/teach/batches/${id}`,
  },
  /** The instructor's assignment pages (decision record 051). */
  teachBatchAssignments: {
    pattern: '/teach/batches/:batchId/assignments',
    to: (batchId: number | string) => `/teach/batches/${batchId}/assignments`,
  },
  teachQuestions: '/teach/questions',
  teachTests: '/teach/tests',
  teachTest: {
    pattern: '/teach/tests/:id',
    to: (id: number | string) => `/teach/tests/${id}`,
  },
  teachAssignment: {
    pattern: '/teach/assignments/:assignmentId',
    to: (assignmentId: number | string) => `/teach/assignments/${assignmentId}`,
  },
  checkout: {
    pattern: '/payment/:type/:id',
    to: (type: CourseType, id: number | string) => `/payment/${type}/${id}`,
  },
} as const;

/** The login page with a return path (used by checkout). */
export function loginWithNext(next: string): string {
  return `${paths.login}?next=${encodeURIComponent(next)}`;
}

export function registerWithNext(next: string): string {
  return `${paths.register}?next=${encodeURIComponent(next)}`;
}
