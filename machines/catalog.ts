import { actionMachine } from './action.machine.ts';
import { confirmedActionMachine } from './confirmed-action.machine.ts';
import { attendanceSheetMachine } from './attendance-sheet.machine.ts';
import { assignmentListMachine } from './assignment-list.machine.ts';
import { assignmentSubmissionMachine } from './assignment-submission.machine.ts';
import { gradingMachine } from './grading.machine.ts';
import { adminModalMachine } from './admin-modal.machine.ts';
import { batchChoiceMachine } from './batch-choice.machine.ts';
import { planChoiceMachine } from './plan-choice.machine.ts';
import { instalmentPaymentMachine } from './instalment-payment.machine.ts';
import { checkoutMachine } from './checkout.machine.ts';
import { couponCheckMachine } from './coupon-check.machine.ts';
import { coursePageMachine } from './course-page.machine.ts';
import { disclosureMachine } from './disclosure.machine.ts';
import { applicationStageMachine } from './application-stage.machine.ts';
import {
  applicationFormMachine,
  contactMachine,
  forgotPasswordMachine,
  loginFormMachine,
  notificationPreferencesMachine,
  offerReportMachine,
  offerLetterMachine,
  registerFormMachine,
  whatsAppOptInMachine,
  announcementMachine,
} from './form-submit.machine.ts';
import { questionImportMachine } from './question-import.machine.ts';
import { notificationBellMachine } from './notification-bell.machine.ts';
import { questionThreadMachine } from './question-thread.machine.ts';
import { gatewayPaymentMachine } from './gateway-payment.machine.ts';
import { listMachine } from './list.machine.ts';
import { loaderMachine } from './loader.machine.ts';
import { paymentFlowMachine } from './payment-flow.machine.ts';
import { priorityNavMachine } from './priority-nav.machine.ts';
import { privacySettingsMachine } from './privacy-settings.machine.ts';
import { storyConsentMachine } from './story-consent.machine.ts';
import { resetPasswordMachine } from './reset-password.machine.ts';
import { sessionMachine } from './session.machine.ts';
import { tokenRefreshMachine } from './token-refresh.machine.ts';
import { stepUpMachine } from './step-up.machine.ts';
import { totpSetupMachine } from './totp-setup.machine.ts';
import { passkeyMachine } from './passkey.machine.ts';
import { examAttemptMachine } from './exam-attempt.machine.ts';

/**
 * Every machine by its file name. The diagram script draws each one and the coverage gate refuses a
 * machine listed here without generated-path tests, so a new machine belongs here.
 */
export const machineCatalog = {
  session: sessionMachine,
  'token-refresh': tokenRefreshMachine,
  'payment-flow': paymentFlowMachine,
  checkout: checkoutMachine,
  'admin-modal': adminModalMachine,
  list: listMachine,
  loader: loaderMachine,
  // The form-submit factory's instances, by their id (form-submit.machine.ts).
  contact: contactMachine,
  'forgot-password': forgotPasswordMachine,
  'login-form': loginFormMachine,
  'register-form': registerFormMachine,
  'offer-report': offerReportMachine,
  'offer-letter': offerLetterMachine,
  'application-form': applicationFormMachine,
  'application-stage': applicationStageMachine,
  'question-import': questionImportMachine,
  'notification-preferences': notificationPreferencesMachine,
  'whatsapp-opt-in': whatsAppOptInMachine,
  announcement: announcementMachine,
  'gateway-payment': gatewayPaymentMachine,
  'reset-password': resetPasswordMachine,
  action: actionMachine,
  'confirmed-action': confirmedActionMachine,
  'priority-nav': priorityNavMachine,
  disclosure: disclosureMachine,
  'step-up': stepUpMachine,
  'totp-setup': totpSetupMachine,
  'privacy-settings': privacySettingsMachine,
  'batch-choice': batchChoiceMachine,
  'coupon-check': couponCheckMachine,
  'plan-choice': planChoiceMachine,
  'instalment-payment': instalmentPaymentMachine,
  'course-page': coursePageMachine,
  'attendance-sheet': attendanceSheetMachine,
  passkey: passkeyMachine,
  'exam-attempt': examAttemptMachine,
  'assignment-submission': assignmentSubmissionMachine,
  grading: gradingMachine,
  'assignment-list': assignmentListMachine,
  'notification-bell': notificationBellMachine,
  'question-thread': questionThreadMachine,
  'story-consent': storyConsentMachine,
} as const;
