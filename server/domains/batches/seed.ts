import { seedDemoCertificate } from '../certificates/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import { istDayStart, istToday } from '../../../contract/time.ts';

/**
 * Demo course delivery: for every program one batch already running and one starting later, each with a
 * timetable of IST evening and weekend classes, and five modules of lessons on the program's topics (a
 * few of them previews); the demo student joins a running batch with some lessons done.
 */

const DAY = 86_400_000;
const istDay = (ms: number) => istToday(new Date(ms));
/** The UTC instant of an IST wall-clock time on an IST day. */
const istAt = (dayIso: string, hour: number, minute = 0) =>
  new Date(Date.parse(istDayStart(dayIso)) + (hour * 60 + minute) * 60_000).toISOString();

type L = [title: string, kind: 'video' | 'document' | 'text' | 'link', minutes: number, extra?: string];
type M = [title: string, lessons: L[]];

const CREDIT: M[] = [
  [
    'Foundations of bank credit',
    [
      ['How a bank decides to lend', 'text', 15],
      ['The five Cs of credit', 'video', 25],
      ['Reading a sanction letter', 'document', 20, 'credit-appraisal-note.docx'],
    ],
  ],
  [
    'Financial statement analysis',
    [
      ['Balance sheet for credit officers', 'video', 40],
      ['Ratio analysis: liquidity, leverage, coverage', 'text', 30],
      ['Cash-flow statement and DSCR', 'video', 35],
    ],
  ],
  [
    'CMA data and working capital',
    [
      ['The CMA data format, form by form', 'document', 30, 'cma-data-template.xlsx'],
      ['Assessing working capital: MPBF and turnover methods', 'video', 45],
      ['Case: a textile exporter’s limits', 'document', 40, 'case-study-textile-exporter.pdf'],
    ],
  ],
  [
    'Credit appraisal in practice',
    [
      ['Writing the credit appraisal note', 'text', 25],
      ['Security, margins and covenants', 'video', 30],
      ['RBI master circular on advances', 'link', 15, 'https://www.rbi.org.in/Scripts/BS_ViewMasterCirculars.aspx'],
    ],
  ],
  [
    'Monitoring and early warning',
    [
      ['Early-warning signals', 'document', 20, 'early-warning-signals.pdf'],
      ['SMA, NPA and restructuring', 'video', 35],
    ],
  ],
];

const RESEARCH: M[] = [
  [
    'How rating agencies think',
    [
      ['Rating scales and what they promise', 'text', 15],
      ['Rating methodology: business and financial risk', 'video', 40],
      ['CRISIL criteria documents', 'link', 20, 'https://www.crisil.com/en/home/our-analysis/ratings-criteria.html'],
    ],
  ],
  [
    'Reading the annual report',
    [
      ['Notes to accounts that matter', 'video', 35],
      ['Ratio analysis for a rating note', 'text', 30],
    ],
  ],
  [
    'Industry and peer analysis',
    [
      ['Building an industry risk view', 'video', 30],
      ['Peer comparison tables', 'text', 20],
    ],
  ],
  [
    'Writing the rating rationale',
    [
      ['Structure of a rationale', 'text', 20],
      ['Case: the downgrade of an infrastructure NBFC', 'document', 40, 'case-study-nbfc-downgrade.pdf'],
    ],
  ],
  [
    'Surveillance',
    [
      ['Watch, outlook and default recognition', 'video', 25],
      ['Early-warning signals in listed companies', 'document', 20, 'early-warning-signals.pdf'],
    ],
  ],
];

const NBFC: M[] = [
  [
    'The NBFC landscape',
    [
      ['Types of NBFCs and scale-based regulation', 'text', 20],
      ['RBI’s NBFC directions', 'link', 15, 'https://www.rbi.org.in/Scripts/BS_ViewMasDirections.aspx'],
    ],
  ],
  [
    'Licensing and capital',
    [
      ['Registration, net owned funds and capital adequacy', 'video', 35],
      ['Board and governance', 'text', 20],
    ],
  ],
  [
    'Credit policy and underwriting',
    [
      ['Writing a credit policy', 'text', 25],
      ['Underwriting MSME borrowers: CMA data and cash flows', 'document', 30, 'cma-data-template.xlsx'],
    ],
  ],
  [
    'Funding and ALM',
    [
      ['Asset-liability management', 'video', 35],
      ['Bank lines and co-lending', 'video', 25],
    ],
  ],
  [
    'Collections and asset quality',
    [
      ['Early warning and collections', 'document', 20, 'early-warning-signals.pdf'],
      ['Case: an NBFC downgrade', 'document', 30, 'case-study-nbfc-downgrade.pdf'],
    ],
  ],
];

const PLACEMENT: M[] = [
  [
    'Your story for credit roles',
    [
      ['What interviewers in credit look for', 'text', 15],
      ['The 60-second pitch', 'video', 20],
    ],
  ],
  [
    'Technical interview drills',
    [
      ['Ratio analysis questions', 'text', 25],
      ['Walk me through a CMA', 'video', 30],
    ],
  ],
  [
    'Case studies',
    [
      ['Working-capital case', 'document', 40, 'case-study-textile-exporter.pdf'],
      ['Rating downgrade case', 'document', 40, 'case-study-nbfc-downgrade.pdf'],
    ],
  ],
  [
    'Appraisal note test',
    [['Writing a credit appraisal note under time', 'document', 45, 'credit-appraisal-note.docx']],
  ],
  [
    'Offers and the first 90 days',
    [
      ['Negotiating an offer', 'text', 15],
      ['Your first credit committee', 'video', 20],
    ],
  ],
];

const CURRICULA: Record<string, M[]> = {
  credit_analyst: CREDIT,
  corporate_training: CREDIT,
  short_course: CREDIT,
  research_analyst: RESEARCH,
  nbfc_incubator: NBFC,
  placement_accelerator: PLACEMENT,
};

const TEXT = (title: string) =>
  `## ${title}\n\nRead this before the next live class. Keep your notes in the appraisal template.\n\n` +
  `- Start from the borrower's business, then the numbers.\n- Check every ratio against the previous two years.\n` +
  `- Write down the questions you would ask the promoter.\n\n**Exercise:** apply this to the case company of the module.`;

/** Weekday evenings (Tue and Thu 19:00–20:30 IST) or weekends (Sat 10:00–12:30 IST). */
function timetable(startsOn: string, endsOn: string, weekend: boolean, topics: string[]) {
  const sessions: { title: string; starts_at: string; duration_minutes: number }[] = [];
  let i = 0;
  for (let t = Date.parse(`${startsOn}T00:00:00Z`); t <= Date.parse(`${endsOn}T00:00:00Z`); t += DAY) {
    const weekday = new Date(t).getUTCDay();
    const day = new Date(t).toISOString().slice(0, 10);
    if (weekend ? weekday === 6 : weekday === 2 || weekday === 4) {
      sessions.push({
        title: `Live class ${i + 1}: ${topics[i % topics.length]}`,
        starts_at: weekend ? istAt(day, 10) : istAt(day, 19),
        duration_minutes: weekend ? 150 : 90,
      });
      i++;
    }
  }
  return sessions;
}

export async function seedDelivery(
  trx: Db,
  programs: { id: number; title: string; category: string; duration_weeks: number }[],
  users: Map<string, number>,
  demoStudent: string,
): Promise<void> {
  const now = Date.now();
  const created = new Date(now - 120 * DAY).toISOString();
  // The demo instructor (seed.ts DEMO_INSTRUCTOR) teaches every demo batch.
  const instructor = users.get('instructor') ?? null;
  for (const [index, program] of programs.entries()) {
    const curriculum = CURRICULA[program.category] ?? CREDIT;
    const weeks = Math.max(8, program.duration_weeks);
    const running = { starts: istDay(now - 42 * DAY), weekend: index % 2 === 1 };
    const later = { starts: istDay(now + (21 + index * 3) * DAY), weekend: index % 2 === 0 };
    const batchIds: number[] = [];
    for (const [n, b] of [running, later].entries()) {
      const endsOn = istDay(Date.parse(`${b.starts}T00:00:00Z`) + weeks * 7 * DAY);
      const startLabel = new Date(`${b.starts}T00:00:00Z`).toLocaleDateString('en-IN', {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
      const mode = index % 3 === 0 ? 'hybrid' : index % 3 === 1 ? 'online' : 'classroom';
      const row = await trx
        .insertInto('batches')
        .values({
          course_id: program.id,
          name: `${startLabel} ${b.weekend ? 'weekend' : 'weekday evening'} batch`,
          starts_on: b.starts,
          ends_on: endsOn,
          seats: n === 0 ? 30 : 40,
          seats_taken: n === 0 ? 22 + (index % 6) : 3 + (index % 5),
          mode,
          location: mode === 'online' ? '' : 'Andheri East, Mumbai (near the metro station)',
          instructor_id: instructor,
          is_open: n === 0 ? 0 : 1,
          created_at: created,
          updated_at: created,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      batchIds.push(row.id);
      const topics = curriculum.flatMap(([, lessons]) => lessons.map(([title]) => title));
      for (const s of timetable(b.starts, endsOn, b.weekend, topics)) {
        await trx
          .insertInto('batch_sessions')
          .values({
            batch_id: row.id,
            ...s,
            location:
              mode === 'online'
                ? 'Online'
                : mode === 'hybrid'
                  ? 'Andheri East, Mumbai and online'
                  : 'Andheri East, Mumbai',
            meeting_url: mode === 'classroom' ? '' : `https://meet.jit.si/credit-careers-${row.id}`,
            created_at: created,
            updated_at: created,
          })
          .execute();
      }
    }
    const lessonIds: number[] = [];
    for (const [position, [title, lessons]] of curriculum.entries()) {
      const module = await trx
        .insertInto('course_modules')
        .values({ program_id: program.id, title, position })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [p, [lessonTitle, kind, minutes, extra]] of lessons.entries()) {
        const row = await trx
          .insertInto('lessons')
          .values({
            module_id: module.id,
            program_id: program.id,
            title: lessonTitle,
            kind,
            body: kind === 'text' ? TEXT(lessonTitle) : '',
            url: kind === 'link' ? extra! : kind === 'video' ? 'https://www.youtube.com/watch?v=ZAkm7bMCWUc' : '',
            file: kind === 'document' ? extra! : null,
            file_name: kind === 'document' ? extra! : null,
            duration_minutes: minutes,
            // The first lesson of the first two modules can be opened by anyone.
            is_preview: p === 0 && position < 2 ? 1 : 0,
            position: p,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        lessonIds.push(row.id);
      }
    }
    // Everyone with access to the program joins its running batch; the demo student has done some lessons.
    const enrolled = await trx
      .selectFrom('enrollments')
      .select(['id', 'student_id', 'progress_percentage'])
      .where('course_type', '=', 'program')
      .where('course_id', '=', program.id)
      .where('is_active', '=', 1)
      .execute();
    for (const e of enrolled) {
      await trx.updateTable('enrollments').set({ batch_id: batchIds[0]! }).where('id', '=', e.id).execute();
      const done = Math.floor((lessonIds.length * e.progress_percentage) / 100);
      const count = e.student_id === users.get(demoStudent) ? Math.max(done, 4) : done;
      for (const lessonId of lessonIds.slice(0, count)) {
        await trx
          .insertInto('lesson_completions')
          .values({
            lesson_id: lessonId,
            student_id: e.student_id,
            completed_at: new Date(now - 7 * DAY).toISOString(),
          })
          .execute();
      }
      await trx
        .updateTable('enrollments')
        .set({ progress_percentage: lessonIds.length ? Math.floor((count * 100) / lessonIds.length) : 0 })
        .where('id', '=', e.id)
        .execute();
    }
  }
  await seedDemoCertificate(trx, users);
}
