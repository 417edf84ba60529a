import { istDayStart, istToday } from '../../../contract/time.ts';
import type { Db } from '../../platform/db/connect.ts';

/**
 * The demo's placement record (decision record 070): past batches of every active program (ending in
 * 2023 to 2026), about 500 alumni who completed them (some opted out of placement), and their offers from
 * 52 employers (the spec's eight partners among them): most verified (by the employer or by the offer
 * letter), some still claimed, a few rejected. The public figures are computed from this record, never
 * typed: the numbers the pages show come out of it. Deterministic (a seeded generator), so every demo
 * database shows the same figures.
 */

/** The spec's eight partners first, then the rest; `.example` domains carry HR contacts (never a real inbox). */
const EMPLOYERS: [name: string, sector: 'bank' | 'nbfc' | 'rating_agency' | 'research' | 'other', site: string][] = [
  ['HDFC Bank', 'bank', 'https://www.hdfcbank.com'],
  ['ICICI Bank', 'bank', 'https://www.icicibank.com'],
  ['Axis Bank', 'bank', 'https://www.axisbank.com'],
  ['Kotak Mahindra Bank', 'bank', 'https://www.kotak.com'],
  ['CRISIL', 'rating_agency', 'https://www.crisil.com'],
  ['ICRA', 'rating_agency', 'https://www.icra.in'],
  ['CARE Ratings', 'rating_agency', 'https://www.careratings.com'],
  ['Bajaj Finance', 'nbfc', 'https://www.bajajfinserv.in'],
  ...[
    'State Bank of India',
    'Bank of Baroda',
    'Punjab National Bank',
    'Canara Bank',
    'Union Bank of India',
    'IndusInd Bank',
    'Yes Bank',
    'IDFC FIRST Bank',
    'Federal Bank',
    'RBL Bank',
    'Bandhan Bank',
    'AU Small Finance Bank',
    'Equitas Small Finance Bank',
    'Ujjivan Small Finance Bank',
  ].map((n) => [n, 'bank', ''] as [string, 'bank', string]),
  ...[
    'Tata Capital',
    'Aditya Birla Finance',
    'L&T Finance',
    'Mahindra Finance',
    'Shriram Finance',
    'Cholamandalam Finance',
    'Muthoot Finance',
    'Piramal Finance',
    'Poonawalla Fincorp',
    'HDB Financial Services',
    'Hero FinCorp',
    'IIFL Finance',
  ].map((n) => [n, 'nbfc', ''] as [string, 'nbfc', string]),
  ...['India Ratings and Research', 'Acuite Ratings', 'Brickwork Ratings', 'Infomerics Ratings'].map(
    (n) => [n, 'rating_agency', ''] as [string, 'rating_agency', string],
  ),
  ...[
    'Moody’s Analytics',
    'S&P Global Market Intelligence',
    'Fitch Solutions',
    'Evalueserve',
    'Acuity Knowledge Partners',
  ].map((n) => [n, 'research', ''] as [string, 'research', string]),
  ['Deccan Credit Partners', 'nbfc', 'https://www.deccancredit.example'],
  ['Konkan Co-operative Bank', 'bank', 'https://www.konkancoop.example'],
  ['Narmada Microfinance', 'nbfc', 'https://www.narmadamicro.example'],
  ['Sahyadri Capital Research', 'research', 'https://www.sahyadriresearch.example'],
  ['Vindhya Trade Finance', 'other', 'https://www.vindhyatrade.example'],
  ['Malabar Gold Loans', 'nbfc', 'https://www.malabargold.example'],
  ['Godavari Housing Finance', 'nbfc', 'https://www.godavarihousing.example'],
  ['Aravalli Risk Advisors', 'other', 'https://www.aravallirisk.example'],
  ['Kaveri Credit Bureau Services', 'other', 'https://www.kavericredit.example'],
];

const DESIGNATIONS = ['Credit Analyst', 'Credit Officer', 'Research Analyst', 'Relationship Manager', 'Risk Analyst'];
const FIRST = ['Aarav', 'Diya', 'Ishaan', 'Kavya', 'Rohan', 'Sneha', 'Arjun', 'Meera', 'Vikram', 'Ananya', 'Kabir'];
const LAST = ['Sharma', 'Iyer', 'Patel', 'Reddy', 'Nair', 'Gupta', 'Khan', 'Das', 'Joshi', 'Menon', 'Singh'];

/** mulberry32: a small seeded generator, the same numbers on every run. */
function generator(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const noonUtc = (day: string) => `${day}T06:30:00.000Z`;

export async function seedPlacementRecord(trx: Db, programs: { id: number; title: string }[]): Promise<void> {
  const random = generator(20_231_101);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const today = istToday();
  const employerIds: number[] = [];
  for (const [name, sector, website] of EMPLOYERS) {
    const domain = website.endsWith('.example') ? new URL(website).hostname.replace(/^www\./, '') : '';
    const row = await trx
      .insertInto('employers')
      .values({
        name,
        name_key: name.toLowerCase(),
        sector,
        website,
        hr_contacts: JSON.stringify(domain ? [{ name: 'Campus Hiring Team', email: `campus@${domain}` }] : []),
        is_partner: 0,
        partner_reason: '',
        created_at: noonUtc('2023-01-02'),
        updated_at: noonUtc('2023-01-02'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    employerIds.push(row.id);
  }

  // Four past batches of every program, ending in March 2023, 2024, 2025 and 2026.
  let alumnus = 0;
  for (const program of programs) {
    for (const year of [2023, 2024, 2025, 2026]) {
      const endsOn = `${year}-03-${String(10 + Math.floor(random() * 15)).padStart(2, '0')}`;
      const batch = await trx
        .insertInto('batches')
        .values({
          course_id: program.id,
          name: `${program.title.split(' ').slice(0, 3).join(' ')} · ${year} cohort`,
          starts_on: addDays(endsOn, -120),
          ends_on: endsOn,
          seats: 30,
          seats_taken: 0,
          mode: 'online',
          location: '',
          instructor_id: null,
          is_open: 0,
          created_at: noonUtc(addDays(endsOn, -150)),
          updated_at: noonUtc(endsOn),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const size = 14 + Math.floor(random() * 6);
      for (let i = 0; i < size; i++) {
        alumnus += 1;
        const username = `alumni${String(alumnus).padStart(4, '0')}`;
        const user = await trx
          .insertInto('users')
          .values({
            username,
            email: `${username}@alumni.example.in`,
            first_name: pick(FIRST),
            last_name: pick(LAST),
            // No password works: alumni in the demo cannot sign in.
            password_hash: '!demo-alumnus',
            role: 'student',
            created_at: noonUtc(addDays(endsOn, -130)),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const completed = random() < 0.94;
        const optedOut = completed && random() < 0.07;
        await trx
          .insertInto('enrollments')
          .values({
            student_id: user.id,
            course_type: 'program',
            course_id: program.id,
            status: completed ? 'completed' : 'cancelled',
            is_active: completed ? 1 : 0,
            progress_percentage: completed ? 100 : 40,
            issue_description: '',
            admin_notes: '',
            is_urgent: 0,
            enrolled_at: noonUtc(addDays(endsOn, -125)),
            updated_at: noonUtc(endsOn),
            batch_id: batch.id,
            placement_opt_out: optedOut ? 1 : 0,
          })
          .execute();
        if (!completed || optedOut || random() > 0.84) continue;
        const offerDate = addDays(endsOn, Math.floor(random() * 110));
        if (offerDate > today) continue;
        // Offers between ₹4.5 and ₹13 lakh a year, most around ₹6–7.5 lakh (rounded to ₹10,000).
        const ctc = Math.round((450_000 + 450_000 * random() ** 1.3 + 400_000 * random() ** 6) / 10_000) * 10_000;
        const roll = random();
        const status = roll < 0.8 ? 'verified' : roll < 0.95 ? 'claimed' : 'rejected';
        const via = status === 'verified' ? (random() < 0.5 ? 'employer' : 'document') : null;
        const at = noonUtc(addDays(offerDate, 5));
        await trx
          .insertInto('placement_offers')
          .values({
            student_id: user.id,
            batch_id: batch.id,
            employer_id: employerIds[Math.floor(random() ** 1.3 * employerIds.length)]!,
            designation: pick(DESIGNATIONS),
            annual_ctc: ctc,
            offer_date: offerDate,
            joining_date: addDays(offerDate, 30),
            status,
            verified_via: via,
            verified_at: status === 'verified' ? at : null,
            verified_by: null,
            decision_note: status === 'rejected' ? 'The offer letter could not be matched with the employer.' : '',
            reported_by: user.id,
            created_at: noonUtc(offerDate),
            updated_at: at,
          })
          .execute();
      }
    }
  }
}

/**
 * The demo's openings (decision record 078) for the demo student's programs: two applied to (shortlisted, an
 * interview scheduled) and one to apply to, so the office's and the student's screens show every part.
 */
export async function seedPlacementOpenings(trx: Db, studentUsername: string): Promise<void> {
  const student = await trx.selectFrom('users').select('id').where('username', '=', studentUsername).executeTakeFirst();
  if (!student) return;
  const programs = (
    await trx
      .selectFrom('enrollments')
      .select('course_id')
      .where('student_id', '=', student.id)
      .where('course_type', '=', 'program')
      .execute()
  ).map((e) => e.course_id);
  if (programs.length === 0) return;
  const employer = async (name: string) =>
    (await trx.selectFrom('employers').select('id').where('name', '=', name).executeTakeFirst())?.id;
  const [today, now] = [istToday(), new Date().toISOString()];
  const openings = [
    {
      employer: await employer('HDFC Bank'),
      title: 'Credit Analyst, SME Banking',
      location: 'Mumbai',
      ctc: [550_000, 750_000],
      deadline: addDays(today, 14),
      description: 'Appraise working-capital and term-loan proposals of small and medium businesses.',
      stage: 'shortlisted' as const,
      interview: null,
    },
    {
      employer: await employer('CRISIL'),
      title: 'Junior Rating Analyst',
      location: 'Pune',
      ctc: [600_000, 800_000],
      deadline: addDays(today, 21),
      description: 'Support rating committees with financial spreading, peer comparison and rating notes.',
      stage: 'interview_scheduled' as const,
      // 11:00 India time, five days on.
      interview: new Date(Date.parse(istDayStart(addDays(today, 5))) + 11 * 3_600_000).toISOString(),
    },
    {
      employer: await employer('Bajaj Finance'),
      title: 'Credit Underwriter, Consumer Loans',
      location: 'Pune',
      ctc: [450_000, 600_000],
      deadline: addDays(today, 30),
      description: 'Underwrite consumer loans: read bank statements and bureau reports, write the credit note.',
      stage: null,
      interview: null,
    },
  ];
  for (const o of openings) {
    if (!o.employer) continue;
    const { id } = await trx
      .insertInto('placement_openings')
      .values({
        employer_id: o.employer,
        title: o.title,
        location: o.location,
        ctc_min: o.ctc[0]!,
        ctc_max: o.ctc[1]!,
        programs: JSON.stringify(programs),
        batches: '[]',
        description: o.description,
        deadline: o.deadline,
        status: 'open',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!o.stage) continue;
    await trx
      .insertInto('placement_applications')
      .values({
        opening_id: id,
        student_id: student.id,
        stage: o.stage,
        interview_at: o.interview,
        interview_mode: o.interview ? 'online' : null,
        cover_note: '',
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}
