import type { CourseType, FailureReason, PaymentMethod, Role, Status } from '../../../contract/index.ts';
import { DEMO_CERTIFICATE_HOLDER, DEMO_INSTRUCTOR } from '../../../contract/demo-logins.ts';
import { seedDelivery } from '../../domains/batches/seed.ts';
import { seedDemoCoupon, seedInstalmentPlans } from '../../domains/pricing/seed.ts';
import { seedPlacementOpenings, seedPlacementRecord } from '../../domains/placement/seed.ts';
import { seedSuccessStories } from '../../domains/placement/seed-stories.ts';
import { seedAssessments } from '../../domains/assessments/seed.ts';
import { seedDemoInvoices } from '../../domains/billing/seed.ts';
import { seedDemoNotifications } from '../../domains/notifications/seed.ts';
import { DEMO_INSTITUTE, type Institute } from '../../domains/billing/config-institute.ts';
import { hashPassword, type ScryptCost } from '../lib/passwords.ts';

/** The scrypt cost of the demo users' published passwords (see seedDemo). */
const DEMO_PASSWORD_COST: ScryptCost = { N: 2 ** 12, r: 8, p: 1 };
import type { Db } from './connect.ts';

/**
 * Demo content for an Indian credit-careers institute (demo mode only): the catalogue, demo users, and
 * enrollments and payments in every status so every admin view has something to show. Dates are
 * relative to now, so upcoming workshops stay upcoming.
 */

export const DEMO_ADMIN = { username: 'admin', password: 'admin123' } as const;
export const DEMO_STUDENT = { username: 'student', password: 'student123' } as const;

const DAY = 86_400_000;
const at = (days: number, hour = 10) => {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};

type SeedUser = {
  username: string;
  password: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
};
const USERS: SeedUser[] = [
  { ...DEMO_ADMIN, email: 'admin@creditcareers.in', first_name: 'Institute', last_name: 'Admin', role: 'admin' },
  { ...DEMO_STUDENT, email: 'student@example.in', first_name: 'Rahul', last_name: 'Verma', role: 'student' },
  {
    ...DEMO_CERTIFICATE_HOLDER,
    email: 'priya.sharma@example.in',
    first_name: 'Priya',
    last_name: 'Sharma',
    role: 'student',
  },
  {
    username: 'arjun.kulkarni',
    password: 'student123',
    email: 'arjun.kulkarni@example.in',
    first_name: 'Arjun',
    last_name: 'Kulkarni',
    role: 'student',
  },
  {
    username: 'neha.gupta',
    password: 'student123',
    email: 'neha.gupta@example.in',
    first_name: 'Neha',
    last_name: 'Gupta',
    role: 'student',
  },
  {
    username: 'karthik.raman',
    password: 'student123',
    email: 'karthik.raman@example.in',
    first_name: 'Karthik',
    last_name: 'Raman',
    role: 'student',
  },
  {
    username: 'fatima.khan',
    password: 'student123',
    email: 'fatima.khan@example.in',
    first_name: 'Fatima',
    last_name: 'Khan',
    role: 'student',
  },
  {
    username: 'rajesh.iyer',
    password: 'faculty123',
    email: 'rajesh.iyer@creditcareers.in',
    first_name: 'Rajesh',
    last_name: 'Iyer',
    role: 'instructor',
  },
  {
    username: 'kavita.rao',
    password: 'faculty123',
    email: 'kavita.rao@creditcareers.in',
    first_name: 'Kavita',
    last_name: 'Rao',
    role: 'faculty',
  },
  {
    ...DEMO_INSTRUCTOR,
    email: 'instructor@creditcareers.in',
    first_name: 'Meera',
    last_name: 'Nair',
    role: 'instructor',
  },
];

const FACULTY = [
  {
    first_name: 'Rajesh',
    last_name: 'Iyer',
    email: 'rajesh.iyer@creditcareers.in',
    expertise: 'Corporate Credit Appraisal & Large Corporate Lending',
    experience_years: 22,
    previous_companies: 'State Bank of India, ICICI Bank, CRISIL',
    bio: 'Former AGM, Corporate Credit at SBI, where he sanctioned working-capital and term-loan proposals for mid and large corporates. Later led credit training for relationship managers at ICICI Bank.',
    linkedin_url: 'https://www.linkedin.com/in/rajesh-iyer-credit',
    is_featured: 1,
  },
  {
    first_name: 'Priya',
    last_name: 'Venkataraman',
    email: 'priya.v@creditcareers.in',
    expertise: 'Credit Ratings & Rating Methodology',
    experience_years: 18,
    previous_companies: 'CRISIL Ratings, ICRA, Kotak Mahindra Bank',
    bio: 'Director at CRISIL Ratings for over a decade, chairing rating committees across manufacturing, infrastructure and financial-sector issuers.',
    linkedin_url: 'https://www.linkedin.com/in/priya-venkataraman-ratings',
    is_featured: 1,
  },
  {
    first_name: 'Anil',
    last_name: 'Deshpande',
    email: 'anil.deshpande@creditcareers.in',
    expertise: 'Credit Risk Management & Basel Norms',
    experience_years: 16,
    previous_companies: 'HDFC Bank, Axis Bank',
    bio: 'Headed wholesale credit risk analytics at HDFC Bank; built internal rating models and early-warning frameworks for the corporate book.',
    linkedin_url: 'https://www.linkedin.com/in/anil-deshpande-risk',
    is_featured: 1,
  },
  {
    first_name: 'Meera',
    last_name: 'Krishnan',
    email: 'meera.krishnan@creditcareers.in',
    expertise: 'NBFC Lending, MSME & Retail Credit',
    experience_years: 15,
    previous_companies: 'Bajaj Finance, Tata Capital, Fullerton India',
    bio: 'Set up MSME lending underwriting at Bajaj Finance and scaled a secured business-loan book across 40 branches.',
    linkedin_url: 'https://www.linkedin.com/in/meera-krishnan-nbfc',
    is_featured: 1,
  },
  {
    first_name: 'Sanjay',
    last_name: 'Gupta',
    email: 'sanjay.gupta@creditcareers.in',
    expertise: 'Financial Statement Analysis & Forensic Accounting',
    experience_years: 12,
    previous_companies: 'CARE Ratings, Deloitte',
    bio: 'Chartered accountant and former CARE Ratings analyst; teaches how to read between the lines of annual reports.',
    linkedin_url: 'https://www.linkedin.com/in/sanjay-gupta-ca',
    is_featured: 0,
  },
  {
    first_name: 'Kavita',
    last_name: 'Rao',
    email: 'kavita.rao@creditcareers.in',
    expertise: 'Equity & Credit Research',
    experience_years: 10,
    previous_companies: 'ICRA, Motilal Oswal',
    bio: 'Covered banks and NBFCs as a research analyst; now mentors research-analyst aspirants on sector reports and valuation.',
    linkedin_url: 'https://www.linkedin.com/in/kavita-rao-research',
    is_featured: 0,
  },
];

/** instructor: index into FACULTY. */
const PROGRAMS = [
  {
    title: 'Credit Analyst Foundation Program',
    subtitle: 'Your first step into banking credit',
    level: 'beginner',
    category: 'credit_analyst',
    target_audience: 'graduates',
    description:
      'Financial statement analysis, ratio analysis, working-capital assessment and CMA data, taught through real loan proposals from Indian banks. Ends with a mock credit committee.',
    price: 65000,
    original_price: 85000,
    duration_weeks: 16,
    avg_salary: '5-7L',
    is_featured: 1,
    is_flagship: 0,
    is_active: 1,
    instructor: 0,
  },
  {
    title: 'Advanced Corporate Credit Analysis',
    subtitle: 'Flagship programme for MBA graduates',
    level: 'advanced',
    category: 'credit_analyst',
    target_audience: 'mba',
    description:
      'Term-loan appraisal, project finance, cash-flow modelling, rating-model inputs and credit-note writing for large corporate lending, with placement support into bank credit departments.',
    price: 125000,
    original_price: 150000,
    duration_weeks: 24,
    avg_salary: '8-12L',
    is_featured: 1,
    is_flagship: 1,
    is_active: 1,
    instructor: 0,
  },
  {
    title: 'Credit Research Analyst Program',
    subtitle: 'From annual report to rating rationale',
    level: 'intermediate',
    category: 'research_analyst',
    target_audience: 'ca',
    description:
      'Sector analysis, rating methodology, peer comparison and rationale writing the way CRISIL, ICRA and CARE analysts do it. Built for chartered accountants moving into research.',
    price: 95000,
    original_price: 120000,
    duration_weeks: 20,
    avg_salary: '7-10L',
    is_featured: 1,
    is_flagship: 0,
    is_active: 1,
    instructor: 1,
  },
  {
    title: 'NBFC Incubator',
    subtitle: 'Design, license and run a lending business',
    level: 'advanced',
    category: 'nbfc_incubator',
    target_audience: 'entrepreneurs',
    description:
      'RBI registration, capital planning, underwriting policy, co-lending, collections and compliance for founders building an NBFC or a lending fintech.',
    price: 150000,
    original_price: 180000,
    duration_weeks: 26,
    avg_salary: '10-15L',
    is_featured: 0,
    is_flagship: 1,
    is_active: 1,
    instructor: 3,
  },
  {
    title: 'Credit Risk Essentials',
    subtitle: 'Weekend short course for working professionals',
    level: 'beginner',
    category: 'short_course',
    target_audience: 'professionals',
    description:
      'Probability of default, loss given default, Basel norms and early-warning signals in six weekends, for professionals moving into risk roles.',
    price: 45000,
    original_price: 55000,
    duration_weeks: 6,
    avg_salary: '6-8L',
    is_featured: 0,
    is_flagship: 0,
    is_active: 1,
    instructor: 2,
  },
  {
    title: 'Placement Accelerator for Credit Roles',
    subtitle: 'Interviews, case studies and referrals',
    level: 'intermediate',
    category: 'placement_accelerator',
    target_audience: 'graduates',
    description:
      'Mock interviews with bank credit heads, case-study drills, resume reviews and direct referrals to our hiring partners.',
    price: 55000,
    original_price: 70000,
    duration_weeks: 8,
    avg_salary: '6-8L',
    is_featured: 1,
    is_flagship: 0,
    is_active: 1,
    instructor: 0,
  },
  {
    title: 'Credit Appraisal for Bank Teams',
    subtitle: 'Corporate training, delivered on site',
    level: 'intermediate',
    category: 'corporate_training',
    target_audience: 'professionals',
    description:
      'A customised programme for bank and NBFC credit teams: appraisal standards, documentation, covenant monitoring and stressed-asset recognition.',
    price: 90000,
    original_price: null,
    duration_weeks: 12,
    avg_salary: '8-10L',
    is_featured: 0,
    is_flagship: 0,
    is_active: 1,
    instructor: 2,
  },
  {
    title: 'MSME & Retail Lending Specialist',
    subtitle: 'Underwriting small businesses and individuals',
    level: 'intermediate',
    category: 'credit_analyst',
    target_audience: 'mba',
    description:
      'Banking-surplus analysis, GST and bank-statement based underwriting, scorecards and collections for MSME and retail loan books.',
    price: 80000,
    original_price: 95000,
    duration_weeks: 14,
    avg_salary: '6-9L',
    is_featured: 0,
    is_flagship: 0,
    is_active: 1,
    instructor: 3,
  },
  {
    title: 'Project Finance & Infrastructure Lending',
    subtitle: 'Archived: next batch to be announced',
    level: 'advanced',
    category: 'research_analyst',
    target_audience: 'ca',
    description: 'Debt sizing, DSCR sculpting and risk allocation in road, power and renewable projects.',
    price: 110000,
    original_price: 135000,
    duration_weeks: 18,
    avg_salary: '9-14L',
    is_featured: 0,
    is_flagship: 0,
    is_active: 0,
    instructor: 1,
  },
] as const;

const WORKSHOPS = [
  {
    title: 'Reading a Balance Sheet Like a Credit Officer',
    days: 7,
    hours: 3,
    price: 0,
    live: 1,
    max: 200,
    current: 45,
    instructor: 4,
    description: 'A free live session on what a lender looks for first in a balance sheet.',
  },
  {
    title: 'Financial Ratio Analysis Masterclass',
    days: 14,
    hours: 4,
    price: 1499,
    live: 1,
    max: 60,
    current: 22,
    instructor: 4,
    description: 'Leverage, coverage, liquidity and turnover ratios on three listed companies.',
  },
  {
    title: 'Credit Rating Methodology Decoded',
    days: 21,
    hours: 3,
    price: 1999,
    live: 1,
    max: 50,
    current: 50,
    instructor: 1,
    description: 'How rating committees weigh business risk, financial risk and management. This batch is full.',
  },
  {
    title: 'Cash-Flow Based Lending for MSMEs',
    days: 30,
    hours: 5,
    price: 2499,
    live: 0,
    max: 40,
    current: 12,
    instructor: 3,
    description: 'Underwriting small businesses from bank statements and GST returns.',
  },
  {
    title: 'Interview Prep: Credit Analyst Roles',
    days: 10,
    hours: 2,
    price: 0,
    live: 1,
    max: 100,
    current: 30,
    instructor: 0,
    description: 'The questions bank credit heads ask, and how to answer them. Free.',
  },
  {
    title: 'Excel Modelling for Credit Appraisal',
    days: 45,
    hours: 6,
    price: 2999,
    live: 0,
    max: 35,
    current: 8,
    instructor: 2,
    description: 'Build a projection and a DSCR model from scratch.',
  },
  {
    title: "Understanding RBI's NBFC Regulations",
    days: -10,
    hours: 3,
    price: 999,
    live: 1,
    max: 80,
    current: 64,
    instructor: 3,
    description: 'Scale-based regulation, capital adequacy and asset classification for NBFCs.',
  },
  {
    title: 'Stressed Assets & IBC Resolution',
    days: -25,
    hours: 4,
    price: 1999,
    live: 1,
    max: 50,
    current: 41,
    instructor: 0,
    description: 'From SMA classification to resolution under the Insolvency and Bankruptcy Code.',
  },
  {
    title: 'Careers in Credit: Open House',
    days: -40,
    hours: 1.5,
    price: 0,
    live: 1,
    max: 300,
    current: 180,
    instructor: 1,
    description: 'Meet our faculty and alumni and learn what credit careers look like. Free.',
  },
  {
    title: 'Trade Finance Fundamentals',
    days: -60,
    hours: 3,
    price: 1499,
    live: 0,
    max: 60,
    current: 52,
    instructor: 2,
    description: 'Letters of credit, bank guarantees and export finance.',
  },
];

const RESOURCES = [
  {
    title: 'Case Study: Working-Capital Assessment of a Textile Exporter',
    type: 'case_study',
    url: null,
    file: '/media/resources/case-study-textile-exporter.pdf',
    featured: 1,
    author: 0,
    description: 'A full credit note with CMA data, MPBF calculation and the sanction decision.',
  },
  {
    title: 'Case Study: The Downgrade of an Infrastructure NBFC',
    type: 'case_study',
    url: null,
    file: '/media/resources/case-study-nbfc-downgrade.pdf',
    featured: 1,
    author: 1,
    description: 'What the numbers said before the rating agencies acted.',
  },
  {
    title: 'CMA Data Template (Excel)',
    type: 'template',
    url: null,
    file: '/media/resources/cma-data-template.xlsx',
    featured: 1,
    author: 2,
    description: 'The Credit Monitoring Arrangement format banks ask for, with formulas.',
  },
  {
    title: 'Credit Appraisal Note Template',
    type: 'template',
    url: null,
    file: '/media/resources/credit-appraisal-note.docx',
    featured: 0,
    author: 0,
    description: 'The structure of a bank credit note, section by section.',
  },
  {
    title: 'Ten Ratios Every Credit Analyst Should Know',
    type: 'article',
    url: 'https://www.rbi.org.in/Scripts/Publications.aspx',
    file: null,
    featured: 1,
    author: 4,
    description: 'Leverage, coverage and liquidity ratios explained with Indian examples.',
  },
  {
    title: 'How Credit Rating Scales Work in India',
    type: 'article',
    url: 'https://www.crisilratings.com/en/home/our-business/ratings/rating-scales.html',
    file: null,
    featured: 0,
    author: 1,
    description: 'From AAA to D: what each rating symbol means and how agencies assign them.',
  },
  {
    title: 'Podcast: Life in a Bank Credit Department',
    type: 'podcast',
    url: 'https://open.spotify.com/search/credit%20analyst%20banking',
    file: null,
    featured: 1,
    author: 0,
    description: 'A former SBI credit head on what the job is really like.',
  },
  {
    title: 'Podcast: Building an NBFC from Scratch',
    type: 'podcast',
    url: 'https://open.spotify.com/search/NBFC%20lending',
    file: null,
    featured: 0,
    author: 3,
    description: 'Founders on licences, capital and the first thousand loans.',
  },
  {
    title: 'Video: Reading an Annual Report in 30 Minutes',
    type: 'video',
    url: 'https://www.youtube.com/results?search_query=how+to+read+an+annual+report+credit+analysis',
    file: null,
    featured: 1,
    author: 4,
    description: 'Where to look first, and what to skip.',
  },
  {
    title: 'Video: Mock Credit Committee',
    type: 'video',
    url: 'https://www.youtube.com/results?search_query=credit+committee+loan+proposal',
    file: null,
    featured: 0,
    author: 0,
    description: 'Students defend a term-loan proposal before a panel of bankers.',
  },
  {
    title: 'Whitepaper: Co-Lending Between Banks and NBFCs',
    type: 'whitepaper',
    url: 'https://www.rbi.org.in/Scripts/BS_ViewMasDirections.aspx',
    file: null,
    featured: 1,
    author: 3,
    description: 'How the RBI co-lending model works and where the risks sit.',
  },
  {
    title: 'Whitepaper: Early-Warning Signals in Corporate Loans',
    type: 'whitepaper',
    url: null,
    file: '/media/resources/early-warning-signals.pdf',
    featured: 0,
    author: 2,
    description: 'The red flags that precede stress, with a checklist.',
  },
];

const TESTIMONIALS = [
  {
    title: 'The mock credit committee changed everything',
    name: 'Sneha Patil',
    description: 'Defending a proposal before real bankers prepared me for interviews better than any book.',
    is_featured: 1,
  },
  {
    title: 'Practical, not theoretical',
    name: 'Rohit Menon',
    description: 'Every session used real rating rationales and real loan files.',
    is_featured: 1,
  },
  {
    title: 'Faculty who have sat on the other side',
    name: 'Ananya Reddy',
    description: 'Learning underwriting from people who ran lending books made all the difference.',
    is_featured: 1,
  },
  {
    title: 'Worth every rupee',
    name: 'Aarav Sharma',
    description: 'I had an offer from a rating agency within a month of finishing.',
    is_featured: 0,
  },
];

type SeedPayment = {
  user: string;
  course: CourseType;
  index: number;
  status: Status;
  method: PaymentMethod;
  daysAgo: number;
  failure?: FailureReason;
  notes?: string;
  urgent?: boolean;
};
type SeedEnrollment = {
  user: string;
  course: CourseType;
  index: number;
  status: Status;
  daysAgo: number;
  progress: number;
  issue?: string;
  notes?: string;
  urgent?: boolean;
};

/** Course indexes refer to PROGRAMS / WORKSHOPS above. */
const PAYMENTS: SeedPayment[] = [
  // The demo student: one course paid for and active, one payment pending, the rest open to Pay.
  { user: 'student', course: 'program', index: 0, status: 'completed', method: 'upi', daysAgo: 30 },
  { user: 'student', course: 'program', index: 2, status: 'pending', method: 'credit_card', daysAgo: 1 },
  { user: 'priya.sharma', course: 'program', index: 1, status: 'completed', method: 'debit_card', daysAgo: 45 },
  { user: 'priya.sharma', course: 'workshop', index: 1, status: 'completed', method: 'upi', daysAgo: 5 },
  {
    user: 'arjun.kulkarni',
    course: 'program',
    index: 1,
    status: 'failed',
    method: 'credit_card',
    daysAgo: 3,
    failure: 'card_declined',
    notes: 'Declined twice by the issuing bank.',
    urgent: true,
  },
  { user: 'arjun.kulkarni', course: 'program', index: 5, status: 'completed', method: 'upi', daysAgo: 20 },
  {
    user: 'neha.gupta',
    course: 'program',
    index: 4,
    status: 'cancelled',
    method: 'debit_card',
    daysAgo: 15,
    notes: 'Student chose the next batch instead.',
  },
  {
    user: 'neha.gupta',
    course: 'program',
    index: 5,
    status: 'failed',
    method: 'upi',
    daysAgo: 2,
    failure: 'bank_timeout',
  },
  {
    user: 'karthik.raman',
    course: 'program',
    index: 3,
    status: 'on_hold',
    method: 'credit_card',
    daysAgo: 6,
    notes: 'Awaiting confirmation from the bank on a large-value transaction.',
    urgent: true,
  },
  { user: 'karthik.raman', course: 'program', index: 7, status: 'completed', method: 'debit_card', daysAgo: 28 },
  {
    user: 'fatima.khan',
    course: 'program',
    index: 6,
    status: 'active',
    method: 'debit_card',
    daysAgo: 12,
    notes: 'EMI plan: 2 of 3 instalments received.',
  },
  {
    user: 'fatima.khan',
    course: 'workshop',
    index: 3,
    status: 'failed',
    method: 'credit_card',
    daysAgo: 4,
    failure: 'insufficient_funds',
  },
  { user: 'fatima.khan', course: 'program', index: 0, status: 'pending', method: 'upi', daysAgo: 0 },
];

const ENROLLMENTS: SeedEnrollment[] = [
  { user: 'student', course: 'program', index: 0, status: 'active', daysAgo: 30, progress: 40 },
  { user: 'priya.sharma', course: 'program', index: 1, status: 'completed', daysAgo: 45, progress: 100 },
  { user: 'priya.sharma', course: 'workshop', index: 1, status: 'active', daysAgo: 5, progress: 0 },
  {
    user: 'arjun.kulkarni',
    course: 'program',
    index: 1,
    status: 'pending',
    daysAgo: 3,
    progress: 0,
    issue: 'Payment failed twice; the student asked for help completing it.',
    urgent: true,
  },
  { user: 'arjun.kulkarni', course: 'program', index: 5, status: 'active', daysAgo: 20, progress: 65 },
  {
    user: 'neha.gupta',
    course: 'program',
    index: 4,
    status: 'cancelled',
    daysAgo: 15,
    progress: 10,
    notes: 'Refund processed.',
  },
  {
    user: 'karthik.raman',
    course: 'program',
    index: 3,
    status: 'on_hold',
    daysAgo: 6,
    progress: 0,
    issue: 'Payment on hold with the bank.',
    urgent: true,
  },
  { user: 'karthik.raman', course: 'program', index: 7, status: 'active', daysAgo: 28, progress: 55 },
  { user: 'fatima.khan', course: 'program', index: 6, status: 'active', daysAgo: 12, progress: 20 },
  { user: 'fatima.khan', course: 'workshop', index: 0, status: 'active', daysAgo: 2, progress: 0 },
  {
    user: 'neha.gupta',
    course: 'workshop',
    index: 8,
    status: 'failed',
    daysAgo: 40,
    progress: 0,
    issue: 'Registration failed during the open house; student informed.',
  },
];

const ACCESS = new Set<Status>(['active', 'completed']);

/** Loads the demo content. Call on an empty, migrated database (tests call it on a fresh one). */
export async function seedDemo(db: Db, institute: Institute = DEMO_INSTITUTE): Promise<void> {
  // The demo's passwords are published (admin/admin123): a costly hash would protect nothing and slow every
  // first start by seconds. They are stored at a low cost, which the first login replaces (decision 065).
  const hashes = await Promise.all(USERS.map((u) => hashPassword(u.password, DEMO_PASSWORD_COST)));
  await db.transaction().execute(async (trx) => {
    const userIds = new Map<string, number>();
    for (const [i, u] of USERS.entries()) {
      const row = await trx
        .insertInto('users')
        .values({
          username: u.username,
          email: u.email,
          first_name: u.first_name,
          last_name: u.last_name,
          password_hash: hashes[i]!,
          role: u.role,
          created_at: at(-90 + i),
          // The demo's addresses count as confirmed when the account was made (decision record 063).
          email_verified_at: at(-90 + i),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('verified_emails')
        .values({ user_id: row.id, email: u.email.toLowerCase(), verified_at: at(-90 + i), released_at: null })
        .execute();
      userIds.set(u.username, row.id);
    }
    const facultyIds: number[] = [];
    for (const f of FACULTY) {
      const row = await trx
        .insertInto('faculty')
        .values({ ...f, created_at: at(-120) })
        .returning('id')
        .executeTakeFirstOrThrow();
      facultyIds.push(row.id);
    }
    const programIds: number[] = [];
    const prices = { program: [] as number[], workshop: [] as number[] };
    for (const { instructor, ...p } of PROGRAMS) {
      const row = await trx
        .insertInto('programs')
        .values({ ...p, instructor_id: facultyIds[instructor] ?? null, created_at: at(-100), updated_at: at(-100) })
        .returning('id')
        .executeTakeFirstOrThrow();
      programIds.push(row.id);
      prices.program.push(p.price);
    }
    await seedInstalmentPlans(
      trx,
      programIds.map((id, i) => ({ id, price: prices.program[i]! })),
      at(-100),
    );
    await seedDemoCoupon(trx, at(-100));
    const extraSeats = new Map<number, number>();
    for (const e of ENROLLMENTS)
      if (e.course === 'workshop' && ACCESS.has(e.status)) extraSeats.set(e.index, (extraSeats.get(e.index) ?? 0) + 1);
    const workshopIds: number[] = [];
    for (const [i, w] of WORKSHOPS.entries()) {
      const current = Math.min(w.max, w.current + (extraSeats.get(i) ?? 0));
      const row = await trx
        .insertInto('workshops')
        .values({
          title: w.title,
          description: w.description,
          instructor_id: facultyIds[w.instructor] ?? null,
          date: at(w.days, 13),
          duration_hours: w.hours,
          price: w.price,
          is_live: w.live,
          current_participants: current,
          max_participants: w.max,
          is_active: 1,
          created_at: at(-100),
          updated_at: at(-100),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      workshopIds.push(row.id);
      prices.workshop.push(w.price);
    }
    for (const r of RESOURCES) {
      await trx
        .insertInto('resources')
        .values({
          title: r.title,
          description: r.description,
          author_id: facultyIds[r.author] ?? null,
          resource_type: r.type,
          external_url: r.url,
          file: r.file,
          is_featured: r.featured,
          created_at: at(-70),
        })
        .execute();
    }
    for (const t of TESTIMONIALS)
      await trx
        .insertInto('testimonials')
        .values({ ...t, created_at: at(-60) })
        .execute();

    const courseId = (type: CourseType, index: number) =>
      (type === 'program' ? programIds[index] : workshopIds[index])!;
    for (const p of PAYMENTS) {
      const user = USERS.find((u) => u.username === p.user)!;
      const created = at(-p.daysAgo, 9);
      await trx
        .insertInto('payments')
        .values({
          student_id: userIds.get(p.user)!,
          course_type: p.course,
          course_id: courseId(p.course, p.index),
          status: p.status,
          amount: prices[p.course][p.index]!,
          payment_method: p.method,
          billing_first_name: user.first_name,
          billing_last_name: user.last_name,
          billing_email: user.email,
          billing_phone: '9876543210',
          failure_reason: p.failure ?? null,
          admin_notes: p.notes ?? '',
          is_urgent: p.urgent ? 1 : 0,
          created_at: created,
          completed_at: p.status === 'completed' ? created : null,
          updated_at: created,
        })
        .execute();
    }
    for (const e of ENROLLMENTS) {
      const when = at(-e.daysAgo, 9);
      await trx
        .insertInto('enrollments')
        .values({
          student_id: userIds.get(e.user)!,
          course_type: e.course,
          course_id: courseId(e.course, e.index),
          status: e.status,
          is_active: ACCESS.has(e.status) ? 1 : 0,
          progress_percentage: e.progress,
          issue_description: e.issue ?? '',
          admin_notes: e.notes ?? '',
          is_urgent: e.urgent ? 1 : 0,
          enrolled_at: when,
          updated_at: when,
        })
        .execute();
    }
    await seedDelivery(
      trx,
      PROGRAMS.map((p, i) => ({ ...p, id: programIds[i]! })),
      userIds,
      DEMO_STUDENT.username,
    );
    await seedDemoInvoices(trx, institute);
    await seedPlacementRecord(
      trx,
      PROGRAMS.flatMap((p, i) => (p.is_active ? [{ id: programIds[i]!, title: p.title }] : [])),
    );
    await seedPlacementOpenings(trx, DEMO_STUDENT.username);
    // Success stories on verified offers, with consent per item (decision 079), one about the demo student.
    await seedSuccessStories(trx, DEMO_STUDENT.username);
    await seedAssessments(
      trx,
      programIds.map((id) => ({ id })),
      userIds.get(DEMO_STUDENT.username)!,
    );
    // A bell with unread notifications on the demo student's first login.
    await seedDemoNotifications(trx, userIds.get(DEMO_STUDENT.username)!);
  });
}

/** Seeds only a database without users, so restarting never duplicates anything. Answers whether it seeded. */
export async function seedDemoIfEmpty(db: Db, institute: Institute = DEMO_INSTITUTE): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (row) return false;
  await seedDemo(db, institute);
  return true;
}
