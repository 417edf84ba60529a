import type { MachineModel } from '../machine-model.ts';
import { actionModel } from './action.model.ts';
import { confirmedActionModel } from './confirmed-action.model.ts';
import { attendanceSheetModel } from './attendance-sheet.model.ts';
import { assignmentListModel, assignmentSubmissionModel, gradingModel } from './assignments.model.ts';
import { adminModalModel } from './admin-modal.model.ts';
import { batchChoiceModel } from './batch-choice.model.ts';
import { planChoiceModel } from './plan-choice.model.ts';
import { instalmentPaymentModel } from './instalment-payment.model.ts';
import { checkoutModel } from './checkout.model.ts';
import { couponCheckModel } from './coupon-check.model.ts';
import { coursePageModel } from './course-page.model.ts';
import { disclosureModel } from './disclosure.model.ts';
import {
  contactModel,
  forgotPasswordModel,
  loginFormModel,
  offerLetterModel,
  offerReportModel,
  questionImportModel,
  registerFormModel,
} from './form-submit.model.ts';
import { gatewayPaymentModel } from './gateway-payment.model.ts';
import { listModel, loaderModel } from './list.model.ts';
import { paymentFlowModel } from './payment-flow.model.ts';
import { priorityNavModel } from './priority-nav.model.ts';
import { privacySettingsModel } from './privacy-settings.model.ts';
import { storyConsentModel } from './story-consent.model.ts';
import { resetPasswordModel } from './reset-password.model.ts';
import { sessionModel } from './session.model.ts';
import { tokenRefreshModel } from './token-refresh.model.ts';
import { stepUpModel, totpSetupModel } from './mfa.model.ts';
import { passkeyModel } from './passkey.model.ts';
import { examAttemptModel } from './exam-attempt.model.ts';
import { applicationFormModel, applicationStageModel } from './openings.model.ts';
import {
  announcementModel,
  notificationBellModel,
  notificationPreferencesModel,
  questionThreadModel,
  whatsAppOptInModel,
} from './notifications.model.ts';

export * from './action.model.ts';
export * from './confirmed-action.model.ts';
export * from './attendance-sheet.model.ts';
export * from './assignments.model.ts';
export * from './admin-modal.model.ts';
export * from './batch-choice.model.ts';
export * from './plan-choice.model.ts';
export * from './instalment-payment.model.ts';
export * from './checkout.model.ts';
export * from './coupon-check.model.ts';
export * from './course-page.model.ts';
export * from './disclosure.model.ts';
export * from './form-submit.model.ts';
export * from './gateway-payment.model.ts';
export * from './list.model.ts';
export * from './payment-flow.model.ts';
export * from './priority-nav.model.ts';
export * from './privacy-settings.model.ts';
export * from './story-consent.model.ts';
export * from './reset-password.model.ts';
export * from './session.model.ts';
export * from './token-refresh.model.ts';
export * from './mfa.model.ts';
export * from './passkey.model.ts';
export * from './exam-attempt.model.ts';
export * from './notifications.model.ts';
export * from './openings.model.ts';

/** One model per machine of machineCatalog, by the same name. */
export const machineModels = [
  sessionModel,
  tokenRefreshModel,
  paymentFlowModel,
  checkoutModel,
  adminModalModel,
  listModel,
  loaderModel,
  contactModel,
  forgotPasswordModel,
  offerReportModel,
  offerLetterModel,
  questionImportModel,
  loginFormModel,
  registerFormModel,
  gatewayPaymentModel,
  resetPasswordModel,
  actionModel,
  confirmedActionModel,
  priorityNavModel,
  disclosureModel,
  stepUpModel,
  totpSetupModel,
  privacySettingsModel,
  batchChoiceModel,
  coursePageModel,
  attendanceSheetModel,
  passkeyModel,
  examAttemptModel,
  assignmentSubmissionModel,
  gradingModel,
  assignmentListModel,
  couponCheckModel,
  planChoiceModel,
  instalmentPaymentModel,
  notificationBellModel,
  notificationPreferencesModel,
  whatsAppOptInModel,
  applicationFormModel,
  applicationStageModel,
  announcementModel,
  questionThreadModel,
  storyConsentModel,
] as MachineModel<unknown>[];
