import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './connect.ts';
import * as initial from './migrations/001_initial.ts';
import * as totals from './migrations/002_totals.ts';
import * as billingMail from './migrations/004_billing_mail.ts';
import * as catalogueVersion from './migrations/007_catalogue_version.ts';
import * as usersActive from './migrations/005_1_users_active.ts';
import * as counselingPipeline from './migrations/005_2_counseling_pipeline.ts';
import * as resourceFileLinks from './migrations/005_3_resource_file_links.ts';
import * as gateway from './migrations/003_gateway.ts';
import * as caseInsensitiveUsernames from './migrations/006_case_insensitive_usernames.ts';
import * as refreshTokenFamilies from './migrations/006_refresh_token_families.ts';
import * as paymentsVersion from './migrations/008_payments_version.ts';
import * as refreshTokenGenerations from './migrations/009_refresh_token_generations.ts';
import * as revenueTotals from './migrations/010_revenue_totals.ts';
import * as resetLinksSharedEmails from './migrations/014_reset_links_and_shared_emails.ts';
import * as secondFactor from './migrations/012_second_factor.ts';
import * as dataProtection from './migrations/013_data_protection.ts';
import * as batchesAndLessons from './migrations/011_batches_and_lessons.ts';
import * as teaching from './migrations/015_teaching.ts';
import * as coupons from './migrations/016_coupons.ts';
import * as instalmentPlans from './migrations/017_instalment_plans.ts';
import * as stepUpPerLogin from './migrations/018_step_up_per_login.ts';
import * as discountedPaymentsIndex from './migrations/019_discounted_payments_index.ts';
import * as recordTotals from './migrations/020_record_totals.ts';
import * as counselingAtScale from './migrations/021_counseling_at_scale.ts';
import * as studentSearch from './migrations/022_student_search.ts';
import * as placement from './migrations/030_placement.ts';
import * as filterIndexes from './migrations/033_filter_indexes.ts';
import * as placementOpenings from './migrations/035_placement_openings.ts';
import * as assessments from './migrations/031_assessments.ts';
import * as settlementSeams from './migrations/023_settlement_seams.ts';
import * as emailVerification from './migrations/024_email_verification.ts';
import * as revenueDiscounts from './migrations/027_revenue_discounts.ts';
import * as guardianLinks from './migrations/026_guardian_links.ts';
import * as userPhone from './migrations/034_user_phone.ts';
import * as onePhone from './migrations/040_one_phone.ts';
import * as notifications from './migrations/032_notifications.ts';
import * as storyConsent from './migrations/036_story_consent.ts';
import * as placementDocuments from './migrations/037_placement_documents.ts';
import * as attemptSections from './migrations/038_attempt_sections.ts';
import * as testCertificateRule from './migrations/039_test_certificate_rule.ts';
import * as placementPhotoAndOptOutTime from './migrations/041_placement_photo_and_opt_out_time.ts';
import * as announcementFanOut from './migrations/042_announcement_fan_out.ts';
import * as testContentVersion from './migrations/043_test_content_version.ts';

/** Migrations in code, in order: works the same under tsx, vitest and a bundler. */
const MIGRATIONS: Record<string, Migration> = {
  '001_initial': initial,
  '002_totals': totals,
  '004_billing_mail': billingMail,
  '007_catalogue_version': catalogueVersion,
  '005_1_users_active': usersActive,
  '005_2_counseling_pipeline': counselingPipeline,
  '005_3_resource_file_links': resourceFileLinks,
  '003_gateway': gateway,
  '006_case_insensitive_usernames': caseInsensitiveUsernames,
  '006_refresh_token_families': refreshTokenFamilies,
  '008_payments_version': paymentsVersion,
  '009_refresh_token_generations': refreshTokenGenerations,
  '010_revenue_totals': revenueTotals,
  '014_reset_links_and_shared_emails': resetLinksSharedEmails,
  '012_second_factor': secondFactor,
  '013_data_protection': dataProtection,
  '011_batches_and_lessons': batchesAndLessons,
  '015_teaching': teaching,
  '016_coupons': coupons,
  '017_instalment_plans': instalmentPlans,
  '018_step_up_per_login': stepUpPerLogin,
  '019_discounted_payments_index': discountedPaymentsIndex,
  '020_record_totals': recordTotals,
  '021_counseling_at_scale': counselingAtScale,
  '022_student_search': studentSearch,
  '030_placement': placement,
  '033_filter_indexes': filterIndexes,
  '023_settlement_seams': settlementSeams,
  '024_email_verification': emailVerification,
  '027_revenue_discounts': revenueDiscounts,
  '026_guardian_links': guardianLinks,
  '034_user_phone': userPhone,
  '035_placement_openings': placementOpenings,
  '031_assessments': assessments,
  '032_notifications': notifications,
  '036_story_consent': storyConsent,
  '037_placement_documents': placementDocuments,
  '038_attempt_sections': attemptSections,
  '039_test_certificate_rule': testCertificateRule,
  '040_one_phone': onePhone,
  '041_placement_photo_and_opt_out_time': placementPhotoAndOptOutTime,
  '042_announcement_fan_out': announcementFanOut,
  '043_test_content_version': testContentVersion,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/**
 * Each branch numbered its migrations from its own prefix, so a database may have run a later number
 * (007_catalogue_version) before an earlier one arrives (006_*): those run in name order after it.
 *
 * There are two 006 migrations because two branches were each given 006 and were merged together:
 * 006_case_insensitive_usernames (usernames unique regardless of case) and 006_refresh_token_families
 * (every refresh token in the family of its login, rotated rows kept to detect reuse). They touch different tables, so their order does not matter; a
 * migration's name (not its number) is its identity in kysely's table, so both run once, in name order.
 */
const migrator = (db: Db) => new Migrator({ db, provider, allowUnorderedMigrations: true });

/** Brings the database to the latest schema; throws (with the failing migration's name) on error. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const { error, results } = await migrator(db).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(
      `Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Names of the migrations this code knows that the database has not applied (readiness check). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrations = await migrator(db).getMigrations();
  return migrations.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
