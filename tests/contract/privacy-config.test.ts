import { describe, expect, it } from 'vitest';
import { GUARDIAN_MESSAGES, ageOn, checkAgeAnswer } from '../../server/domains/privacy/age.ts';
import { loadPrivacyConfig, missingPrivacySettings } from '../../server/domains/privacy/config.ts';

describe('privacy settings from the environment', () => {
  it('demo mode publishes a fictitious officer; otherwise every missing setting is named at start', () => {
    expect(missingPrivacySettings(loadPrivacyConfig({}, true))).toEqual([]);
    expect(missingPrivacySettings(loadPrivacyConfig({}, false))).toEqual([
      'GRIEVANCE_OFFICER_NAME',
      'GRIEVANCE_OFFICER_EMAIL',
      'GRIEVANCE_OFFICER_PHONE',
      'GRIEVANCE_OFFICER_ADDRESS',
      'PRIVACY_NOTICE_VERSION',
    ]);
    const set = loadPrivacyConfig(
      {
        GRIEVANCE_OFFICER_NAME: 'A. Officer',
        GRIEVANCE_OFFICER_EMAIL: 'dpo@example.in',
        GRIEVANCE_OFFICER_PHONE: '+91 80 1234 5678',
        GRIEVANCE_OFFICER_ADDRESS: 'Bengaluru',
        PRIVACY_NOTICE_VERSION: '3',
        RETAIN_COUNSELING_MONTHS: '6',
      },
      false,
    );
    expect(missingPrivacySettings(set)).toEqual([]);
    expect(set.counselingRetentionMonths).toBe(6);
    expect(() => loadPrivacyConfig({ RETAIN_OUTBOX_BODY_DAYS: '0' }, true)).toThrow(/RETAIN_OUTBOX_BODY_DAYS/);
  });

  it('ages by the calendar: 18 on the birthday, not the day before', () => {
    expect(ageOn('2008-11-25', new Date('2026-11-25T00:00:00Z'))).toBe(18);
    expect(ageOn('2008-11-26', new Date('2026-11-25T00:00:00Z'))).toBe(17);
    const today = new Date('2026-11-25T00:00:00Z');
    expect(checkAgeAnswer({ is_adult: true }, today)).toBe('adult');
    // No answer at all is refused, naming the field to fill (decision record 065).
    expect(() => checkAgeAnswer({}, today)).toThrow(
      expect.objectContaining({ fields: { date_of_birth: [GUARDIAN_MESSAGES.ageRequired] } }),
    );
    expect(checkAgeAnswer({ date_of_birth: '2008-11-25' }, today)).toBe('adult');
    expect(() => checkAgeAnswer({ date_of_birth: '2010-01-01' }, today)).toThrow();
    expect(checkAgeAnswer({ date_of_birth: '2010-01-01', parent_name: 'P', parent_email: 'p@example.in' }, today)).toBe(
      'minor',
    );
  });
});
