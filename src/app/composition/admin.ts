import { fromPromise } from 'xstate';
import type { Application, ScholarshipInput, SyncResult, UserImpact } from '../../../contract/index.ts';
import { grantScholarship } from '../../features/admin/api/coupons.ts';
import { createActionMachine } from '../../../machines/action.machine.ts';
import { fetchReconciliation, syncWithGateway } from '../../features/admin/api/reconciliation.ts';
import { adminModalMachine, type DeleteItemInput, type SaveItemInput } from '../../../machines/admin-modal.machine.ts';
import {
  deleteAdminItem,
  fetchAdminChoices,
  fetchAdminPage,
  fetchAdminSummary,
  fetchGstr1Summary,
  fetchRevenue,
  saveAdminItem,
  removeUserSecondFactor,
  sendUserPasswordReset,
} from '../../features/admin/api/admin-api.ts';
import { fetchProgramBatches, moveToPosition } from '../../features/admin/api/delivery.ts';
import type { AdminResource } from '../../features/admin/tabs/resource-types.ts';
import {
  fetchPrivacyOverview,
  fetchUserImpact,
  runPrivacyCommand,
  type PrivacyCommand,
} from '../../features/admin/api/privacy.ts';
import { createConfirmedActionMachine } from '../../../machines/confirmed-action.machine.ts';
import {
  fetchCourseImpact,
  fetchDeleteImpact,
  fetchEnrollmentImpact,
  setUserActive,
} from '../../features/admin/api/impact.ts';
import type { AdminMachines } from '../../features/admin/types.ts';
import {
  fetchOpeningApplications,
  requestOfferConfirmation,
  saveApplicationStage,
} from '../../features/admin/api/placement.ts';
import { applicationStageMachine, type SaveStageInput } from '../../../machines/application-stage.machine.ts';
import { listOf, loaderOf } from './lists.ts';

export const adminSummaryLoader = loaderOf(() => fetchAdminSummary());

/** One tab's list, following the server's pages as the user scrolls. */
export const adminListFor = (resource: AdminResource) =>
  listOf<{ id: number }>((input) => fetchAdminPage(resource, input));

/** The admin modal for one tab; `onSaved` reloads that tab's list and the stats. */
export function adminModalFor(resource: AdminResource, onSaved: () => void) {
  return adminModalMachine.provide({
    actors: {
      saveItem: fromPromise<unknown, SaveItemInput>(({ input }) => saveAdminItem(resource, input)),
      deleteItem: fromPromise<unknown, DeleteItemInput>(({ input }) => deleteAdminItem(resource, input)),
    },
    actions: { itemSaved: () => onSaved() },
  });
}

/** The Reconciliation tab's Sync; `onSynced` reloads the tab (and the stats). */
export function adminSyncFor(onSynced: () => void) {
  return createActionMachine<SyncResult>().provide({
    actors: { run: fromPromise<SyncResult, void>(() => syncWithGateway()) },
    actions: { finished: () => onSynced() },
  });
}

/** A user's Send password reset link (the View dialog). */
function adminPasswordResetFor(userId: number) {
  return createActionMachine<string>().provide({
    actors: { run: fromPromise<string, void>(() => sendUserPasswordReset(userId)) },
  });
}

/** A user's Remove second factor (the View dialog), with the reason typed. */
function adminMfaResetFor(userId: number, reason: string) {
  return createActionMachine<string>().provide({
    actors: { run: fromPromise<string, void>(() => removeUserSecondFactor(userId, reason)) },
  });
}

/** A student's scholarship, granted from the Users tab (decision record 053). */
function adminScholarshipFor(userId: number, input: ScholarshipInput) {
  return createActionMachine<string>().provide({
    actors: { run: fromPromise<string, void>(() => grantScholarship(userId, input)) },
  });
}

/** A claimed offer's Ask employer: the single-use confirmation link to an HR contact (decision record 070). */
function adminOfferConfirmationFor(offerId: number, email: string) {
  return createActionMachine<string>().provide({
    actors: { run: fromPromise<string, void>(() => requestOfferConfirmation(offerId, email)) },
  });
}

/** A module's or lesson's Move up / Move down; `onDone` reloads the list. */
function adminReorderFor(path: string, position: number, onDone: () => void) {
  return createActionMachine<unknown>().provide({
    actors: { run: fromPromise<unknown, void>(() => moveToPosition(path, position)) },
    actions: { finished: () => onDone() },
  });
}

/** A Privacy tab command; `onDone` reloads the tab. */
function privacyCommandFor(command: PrivacyCommand, onDone: () => void) {
  return createActionMachine<string>().provide({
    actors: { run: fromPromise<string, void>(() => runPrivacyCommand(command)) },
    actions: { finished: () => onDone() },
  });
}

/** A user's Deactivate or Reactivate (their View): reads what it touches, runs only once confirmed. */
function adminAccessFor(userId: number, active: boolean, onDone: () => void) {
  return createConfirmedActionMachine<UserImpact, unknown>().provide({
    actors: {
      readImpact: fromPromise<UserImpact, void>(() => fetchUserImpact(userId)),
      run: fromPromise<unknown, void>(() => setUserActive(userId, active)),
    },
    actions: { finished: () => onDone() },
  });
}

/** The Privacy tab's Erase now: reads what the erasure touches, and erases only once confirmed. */
function privacyEraseFor(requestId: number, userId: number, onDone: () => void) {
  return createConfirmedActionMachine<UserImpact, string>().provide({
    actors: {
      readImpact: fromPromise<UserImpact, void>(() => fetchUserImpact(userId)),
      run: fromPromise<string, void>(() =>
        runPrivacyCommand({ kind: 'request', id: requestId, action: { action: 'complete' } }),
      ),
    },
    actions: { finished: () => onDone() },
  });
}

/** An application's Move stage in an opening's Applications (decision record 078). */
function adminStageFor() {
  return applicationStageMachine.provide({
    actors: {
      saveStage: fromPromise<Application, SaveStageInput>(({ input }) => saveApplicationStage(input.id, input.values)),
    },
  });
}

export type { AdminMachines };

export const adminMachines: AdminMachines = {
  summary: adminSummaryLoader,
  listFor: adminListFor,
  modalFor: adminModalFor,
  choices: loaderOf(() => fetchAdminChoices()),
  revenue: loaderOf((params) => fetchRevenue(params)),
  gstReturns: loaderOf((params) => fetchGstr1Summary(params)),
  reconciliation: loaderOf(() => fetchReconciliation()),
  syncFor: adminSyncFor,
  enrollmentImpact: loaderOf((params) => fetchEnrollmentImpact(Number(params.id))),
  courseImpact: loaderOf((params) =>
    fetchCourseImpact(params.course_type === 'workshop' ? 'workshop' : 'program', Number(params.id)),
  ),
  deleteImpact: loaderOf((params) => fetchDeleteImpact(String(params.path))),
  accessFor: adminAccessFor,
  privacy: {
    overview: loaderOf(() => fetchPrivacyOverview()),
    commandFor: privacyCommandFor,
    eraseFor: privacyEraseFor,
  },
  passwordResetFor: adminPasswordResetFor,
  mfaResetFor: adminMfaResetFor,
  scholarshipFor: adminScholarshipFor,
  offerConfirmationFor: adminOfferConfirmationFor,
  openingApplications: loaderOf((params) => fetchOpeningApplications(Number(params.opening))),
  stageFor: adminStageFor,
  batchesOf: loaderOf((params) => fetchProgramBatches(Number(params.course))),
  reorderFor: adminReorderFor,
};
