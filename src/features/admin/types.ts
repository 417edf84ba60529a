import type { Application, Batch, Gstr1Summary, RevenueRow } from '../../../contract/index.ts';
import type { ApplicationStageLogic } from '../../../machines/application-stage.machine.ts';
import type { AdminModalLogic } from '../../../machines/admin-modal.machine.ts';
import type { ListLogic } from '../../../machines/list.machine.ts';
import type { ActionLogic } from '../../../machines/action.machine.ts';
import type { LoaderLogic } from '../../../machines/loader.machine.ts';
import type {
  CourseImpact,
  DeleteImpact,
  EnrollmentImpact,
  Reconciliation,
  ScholarshipInput,
  SyncResult,
  UserImpact,
} from '../../../contract/index.ts';
import type { ConfirmedActionLogic } from '../../../machines/confirmed-action.machine.ts';
import type { AdminSummary } from './api/admin-api.ts';
import type { PrivacyCommand, PrivacyOverview } from './api/privacy.ts';
import type { AdminChoices, AdminResource } from './tabs/resource-types.ts';

/** What the admin panel needs (app/composition supplies it): the stats loader, and per tab a list and a modal. */
export type AdminMachines = {
  summary: LoaderLogic<AdminSummary>;
  listFor: (resource: AdminResource) => ListLogic<{ id: number }>;
  /** The tab's modal; `onSaved` runs after a save or delete (the tab's list and the stats reload). */
  modalFor: (resource: AdminResource, onSaved: () => void) => AdminModalLogic;
  /** The options of the forms' selects (faculty, staff); reloaded after every save. */
  choices: LoaderLogic<AdminChoices>;
  /** The revenue report; params `{group, date_from, date_to}` as GET /api/admin/revenue/ takes them. */
  revenue: LoaderLogic<RevenueRow[]>;
  /** The GST returns panel (Revenue tab): a month's GSTR-1 totals; params `{period}` (YYYY-MM). */
  gstReturns: LoaderLogic<Gstr1Summary>;
  /** The Reconciliation tab: its lists, and Sync (`onSynced` reloads them). */
  reconciliation: LoaderLogic<Reconciliation>;
  syncFor: (onSynced: () => void) => ActionLogic<SyncResult>;
  /** A user's View dialog: send the owner a password reset link (answers the server's sentence). */
  passwordResetFor?: (userId: number) => ActionLogic<string>;
  /** A student's View dialog: grant a scholarship (decision record 053); answers the sentence to show. */
  scholarshipFor?: (userId: number, input: ScholarshipInput) => ActionLogic<string>;
  /** A claimed offer's Ask employer: email the single-use confirmation link (decision record 070). */
  offerConfirmationFor?: (offerId: number, email: string) => ActionLogic<string>;
  /** An opening's Applications (decision record 078); params `{opening}` (the opening's id). */
  openingApplications?: LoaderLogic<Application[]>;
  /** One application's stage, moved by the office (the row shows what the server saved). */
  stageFor?: (application: Application) => ApplicationStageLogic;
  /** A user's View dialog: remove their second factor, with the reason given. */
  mfaResetFor?: (userId: number, reason: string) => ActionLogic<string>;
  /** An enrollment's Delete: what it touches (decision 077); params `{id}` (the enrollment's). */
  enrollmentImpact?: LoaderLogic<EnrollmentImpact>;
  /** A program's or workshop's Delete: what it touches (decision 077); params `{course_type, id}`. */
  courseImpact?: LoaderLogic<CourseImpact>;
  /** A session's, module's, lesson's or faculty member's Delete: what goes with it (decision 085); params `{path}`. */
  deleteImpact?: LoaderLogic<DeleteImpact>;
  /**
   * A user's View dialog: Deactivate (`active` false) or Reactivate, after reading what it touches
   * (decision 077); `onDone` after it ran.
   */
  accessFor?: (userId: number, active: boolean, onDone: () => void) => ConfirmedActionLogic<UserImpact, unknown>;
  /** An enrollment's Move to batch dialog: the batches of a program; params `{course}` (the program id). */
  batchesOf?: LoaderLogic<Batch[]>;
  /**
   * A module's or lesson's Move up / Move down: PATCH `path` with the new `position` (0 first); `onDone`
   * reloads the list. A refusal keeps the order shown and shows the server's sentence.
   */
  reorderFor?: (path: string, position: number, onDone: () => void) => ActionLogic<unknown>;
  /** The Privacy tab: its requests and incidents, and one command (`onDone` reloads the tab). */
  privacy?: {
    overview: LoaderLogic<PrivacyOverview>;
    commandFor: (command: PrivacyCommand, onDone: () => void) => ActionLogic<string>;
    /** Erase now: what erasing the person touches is read and confirmed first (decision 068). */
    eraseFor: (requestId: number, userId: number, onDone: () => void) => ConfirmedActionLogic<UserImpact, string>;
  };
};
