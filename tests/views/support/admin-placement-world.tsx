import {
  API,
  DELIVERY_PATHS,
  MFA_MESSAGES,
  PLACEMENT_PATHS as P,
  type Batch,
  type Employer,
  type Offer,
} from '../../../contract/index.ts';
import { reportedOffer } from '../../support/models/form-submit.model.ts';
import { fail, ok, type Handler } from './fake-api.ts';
import { admin, program } from './fixtures.ts';
import { renderApp } from './render-app.tsx';

/** The office's placement tabs in the admin panel, with employers, a batch and two offers (decision 078). */
const STATS = { total_students: 1, total_programs: 1, total_faculty: 1, total_workshops: 1, total_revenue: 0 };
const ISSUES = { total_issues: 0, failed_payments: 0, pending_enrollments: 0 };
export const STEP_UP = fail(403, { detail: MFA_MESSAGES.stepUpRequired, code: 'step_up_required' });
const CREDIT = program({ id: 3, title: 'Credit Analyst Program' });
const MARCH: Batch = {
  id: 7,
  course: 3,
  name: 'March 2026',
  starts_on: '2025-11-01',
  ends_on: '2026-03-15',
  seats: 30,
  seats_taken: 30,
  seats_left: 0,
  mode: 'online',
  location: '',
  instructor: null,
  is_open: false,
};
export const employer = (over: Partial<Employer>): Employer => ({
  id: 1,
  name: 'HDFC Bank',
  sector: 'bank',
  website: 'https://www.hdfcbank.example',
  hr_contacts: [{ name: 'Priya Nair', email: 'priya@hdfcbank.example' }],
  is_partner: false,
  partner_reason: '',
  verified_offers: 4,
  is_hiring_partner: true,
  ...over,
});
export const HDFC = employer({});
export const NEW_CO = employer({
  id: 2,
  name: 'Karur Research',
  sector: 'research',
  verified_offers: 0,
  is_hiring_partner: false,
  hr_contacts: [],
});
/** The claimed offer the form-submit model reports (its Asha Rao at HDFC Bank), changed by `over`. */
export const offer = (over: Partial<Offer>): Offer => ({ ...reportedOffer, ...over });
export const CLAIMED = offer({
  offer_letter: { file_name: 'HDFC offer.pdf', size_bytes: 120_000, url: P.officeOfferLetter(11) },
});
export const VERIFIED = offer({
  id: 12,
  student_name: 'Vikram Shah',
  status: 'verified',
  verified_via: 'employer',
  verified_at: '2026-04-10T10:00:00.000Z',
});

export function tab(key: string, routes: Record<string, Handler> = {}) {
  return renderApp(`/admin?tab=${key}`, {
    user: admin,
    routes: {
      [`GET ${API.adminStats}`]: ok(STATS),
      [`GET ${API.admin.issueSummary}`]: ok(ISSUES),
      [`GET ${API.faculty.list}`]: ok([]),
      [`GET ${API.admin.users}`]: ok({ count: 0, next: null, previous: null, results: [] }),
      [`GET ${API.programs.list}`]: ok([CREDIT]),
      [`GET ${DELIVERY_PATHS.adminBatches}`]: ok([MARCH]),
      [`GET ${P.employers}`]: ok([HDFC, NEW_CO]),
      [`GET ${P.offers}`]: ok([CLAIMED, VERIFIED]),
      ...routes,
    },
  });
}
