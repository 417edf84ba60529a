import type { PlacementSummary } from '../../../contract/placement.ts';
import type {
  Enrollment,
  CourseImpact,
  Faculty,
  Payment,
  Program,
  Resource,
  SuccessStory,
  User,
  Workshop,
} from '../../../contract/index.ts';
import { sampleStudent } from '../../support/samples.ts';
import { rupeesToPaise } from '../../../contract/money.ts';

export const student: User = sampleStudent;
/** An instructor (the teach pages, grading, lesson questions). */
export const instructor: User = {
  id: 9,
  username: 'instructor',
  email: 'instructor@example.in',
  first_name: 'Meera',
  last_name: 'Nair',
  email_verified: true,
  profile: { role: 'instructor', is_admin: false, is_instructor: true, is_student: false },
};
export const admin: User = {
  id: 1,
  username: 'admin',
  email: 'admin@example.in',
  first_name: 'Institute',
  last_name: 'Admin',
  email_verified: true,
  profile: { role: 'admin', is_admin: true, is_instructor: false, is_student: false },
};

export function program(overrides: Partial<Program> = {}): Program {
  return {
    id: 1,
    title: 'Credit Analyst Program',
    subtitle: 'From statements to sanction',
    description: 'Financial statement analysis and credit appraisal.',
    level: 'beginner',
    category: 'credit_analyst',
    target_audience: 'graduates',
    price: 125000,
    original_price: 150000,
    duration_weeks: 26,
    duration_months: 6,
    avg_salary: '6-8L',
    is_featured: true,
    is_flagship: true,
    is_active: true,
    instructor: { first_name: 'Rajesh', last_name: 'Iyer' },
    ...overrides,
  };
}

export function faculty(overrides: Partial<Faculty> = {}): Faculty {
  return {
    id: 1,
    user: { first_name: 'Rajesh', last_name: 'Iyer', email: 'rajesh@example.in' },
    expertise: 'Corporate credit',
    experience_years: 18,
    previous_companies: 'HDFC Bank, CRISIL ,ICICI Bank',
    bio: 'Former credit head.',
    linkedin_url: 'https://www.linkedin.com/in/rajesh',
    is_featured: true,
    ...overrides,
  };
}

export function workshop(overrides: Partial<Workshop> = {}): Workshop {
  return {
    id: 5,
    title: 'Reading a Credit Memo',
    description: 'A two-hour walkthrough.',
    instructor: { first_name: 'Priya', last_name: 'Venkataraman' },
    // Always upcoming, so the card offers Enroll Now whatever day the suite runs.
    date: new Date(Date.now() + 14 * 86_400_000).toISOString(),
    duration_hours: 2,
    price: 1500,
    is_free: false,
    is_live: true,
    current_participants: 12,
    max_participants: 40,
    is_active: true,
    ...overrides,
  };
}

export function resource(overrides: Partial<Resource> = {}): Resource {
  return {
    id: 1,
    title: 'CMA Data Template',
    description: 'A ready template.',
    author: { first_name: 'Rajesh', last_name: 'Iyer' },
    resource_type: 'template',
    external_url: 'https://example.in/cma.xlsx',
    file: null,
    is_featured: true,
    ...overrides,
  };
}

export function story(overrides: Partial<SuccessStory> = {}): SuccessStory {
  return {
    id: 1,
    student_name: 'Ananya Rao',
    placement_company_name: 'CRISIL',
    designation: 'Credit Analyst',
    annual_ctc: 850_000,
    story: 'From commerce graduate to rating analyst.',
    is_featured: true,
    course: {
      program_title: 'Credit Analyst Foundation Program',
      duration_weeks: 12,
      batch_name: 'Credit Analyst Foundation · 2025 cohort',
      batch_starts_on: '2024-11-10',
      batch_ends_on: '2025-03-10',
      paid: true,
      fee_paise: 4_500_000,
    },
    ...overrides,
  };
}

const studentSummary = {
  id: 2,
  username: 'student',
  first_name: 'Priya',
  last_name: 'Sharma',
  email: 'student@example.in',
};

export function enrollment(overrides: Partial<Enrollment> = {}): Enrollment {
  return {
    id: 9,
    course: 1,
    course_type: 'program',
    is_active: true,
    student: studentSummary,
    program: { id: 1, title: 'Credit Analyst Program' },
    workshop: null,
    status: 'active',
    enrolled_at: '2026-11-20T10:05:00.000Z',
    progress_percentage: 0,
    issue_description: '',
    admin_notes: '',
    is_urgent: false,
    batch: null,
    ...overrides,
  };
}

export function payment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 41,
    course: 1,
    course_type: 'program',
    status: 'pending',
    amount: 125000,
    refunded_amount: 0,
    refunded_paise: rupeesToPaise(overrides.refunded_amount ?? 0),
    student: studentSummary,
    program_title: 'Credit Analyst Program',
    workshop_title: null,
    payment_method: 'credit_card',
    created_at: '2026-11-20T10:00:00.000Z',
    completed_at: null,
    failure_reason: null,
    admin_notes: '',
    is_urgent: false,
    total_paise: 12_500_000,
    discount_paise: 0,
    coupon_code: null,
    plan_name: null,
    instalment_number: null,
    instalment_count: null,
    gateway_payment_id: null,
    billing_state_code: null,
    billing_gstin: null,
    invoice_number: null,
    ...overrides,
  };
}

/** The placement record's figures (decision record 070), as GET /classroom/placement/summary/ answers them. */
export function placementSummary(): PlacementSummary {
  const figures = {
    completed: 120,
    opted_out: 8,
    eligible: 112,
    placed: 84,
    placement_rate: 75,
    median_ctc: 640_000,
    highest_ctc: 1_200_000,
    lowest_ctc: 420_000,
    employers: 3,
  };
  return {
    as_of: '2026-11-01',
    batches_from: 2024,
    batches_to: 2026,
    methodology_url: '/placement/methodology',
    overall: figures,
    programs: [
      {
        ...figures,
        program: 1,
        program_title: 'Credit Analyst Program',
        batches: [{ ...figures, batch: 7, batch_name: 'Credit Analyst · 2026 cohort', ends_on: '2026-03-20' }],
      },
    ],
    partners: [
      { name: 'HDFC Bank', sector: 'bank', verified_offers: 30 },
      { name: 'CRISIL', sector: 'rating_agency', verified_offers: 20 },
      { name: 'Bajaj Finance', sector: 'nbfc', verified_offers: 34 },
    ],
  };
}

/** What deleting a course touches (decision 077): by default a course nobody joined, deleted for good. */
export function courseImpact(overrides: Partial<CourseImpact> = {}): CourseImpact {
  return {
    course_type: 'program',
    course_id: 1,
    outcome: 'deleted',
    enrollments: 0,
    active_enrollments: 0,
    has_payments: false,
    unpaid_instalments: [],
    unpaid_total_paise: 0,
    ...overrides,
  };
}

/** A flagged gateway event in the Reconciliation tab (captured after the payment was cancelled). */
export const flaggedEvent = {
  id: 7,
  event: 'payment.captured',
  source: 'webhook',
  flag: 'capture_after_cancel',
  detail: 'Captured after the payment was cancelled.',
  gateway_order_id: 'order_Rec0nOrder001',
  gateway_payment_id: 'pay_Rec0nPayment1',
  payment_id: 41,
  amount_paise: 12_500_000,
  created_at: '2026-11-22T10:00:00Z',
  resolved_at: null,
  resolution: null,
  resolution_note: '',
};
