import { describe, expect, test } from 'vitest';
import {
  API,
  CATEGORY_LABELS,
  LEVEL_LABELS,
  MESSAGES,
  RESOURCE_TYPE_LABELS,
  TARGET_AUDIENCE_LABELS,
  type CounselingRequest,
  type Program,
  type Resource,
  type Workshop,
} from '../../contract/index.ts';
import { adminToken, allPages, list } from './support/api.ts';
import { useE2E } from './support/fixture.ts';
import {
  action,
  cardOf,
  chip,
  expectExactlyTitles,
  exactly,
  header,
  recordDialogs,
  tab,
  titleOf,
  visible,
  waitForPath,
} from './support/ui.ts';

const e2e = useE2E();

/** Picks a filter value that narrows the list without emptying it (so "narrow" is observable). */
function narrowingValue<K extends 'level' | 'category' | 'target_audience'>(programs: Program[], key: K): Program[K] {
  const counts = new Map<Program[K], number>();
  for (const p of programs) counts.set(p[key], (counts.get(p[key]) ?? 0) + 1);
  const candidates = [...counts.entries()].filter(([, n]) => n > 0 && n < programs.length).sort((a, b) => b[1] - a[1]);
  if (!candidates[0]) throw new Error(`The seeded programs do not let a ${key} filter narrow the list`);
  return candidates[0][0];
}

/** A word of one program's title that matches some but not all programs (title or description). */
function searchWord(programs: Program[]): { target: Program; word: string } {
  for (const target of programs) {
    for (const word of target.title.split(/[^A-Za-z]+/).filter((w) => w.length >= 5)) {
      const hits = programs.filter((q) =>
        `${q.title} ${q.description}`.toLowerCase().includes(word.toLowerCase()),
      ).length;
      if (hits < programs.length) return { target, word };
    }
  }
  throw new Error('No title word narrows the seeded programs');
}

describe('Visitor', () => {
  test('Programs: filter chips and search narrow the list and toggle back', async () => {
    const base = e2e.baseURL;
    const programs = await list<Program>(base, API.programs.list);
    const all = programs.map((p) => p.title);
    const page = await e2e.newPage();
    await page.goto('/programs');
    await expectExactlyTitles(page, all, all);

    const filters = [
      { key: 'level', labels: LEVEL_LABELS as Record<string, string> },
      { key: 'category', labels: CATEGORY_LABELS as Record<string, string> },
      { key: 'target_audience', labels: TARGET_AUDIENCE_LABELS as Record<string, string> },
    ] as const;
    for (const { key, labels } of filters) {
      const value = narrowingValue(programs, key);
      const expected = (await list<Program>(base, `${API.programs.list}?${key}=${value}`)).map((p) => p.title);
      expect(expected.length).toBeLessThan(all.length);
      const label = labels[value as string]!;
      await chip(page, label).first().click();
      await expectExactlyTitles(page, all, expected);
      // The chip toggles off again: the whole list comes back.
      await chip(page, label).first().click();
      await expectExactlyTitles(page, all, all);
    }

    // Search over title and description: a word from one program's title.
    const { target, word } = searchWord(programs);
    const expected = (await list<Program>(base, `${API.programs.list}?search=${encodeURIComponent(word)}`)).map(
      (p) => p.title,
    );
    expect(expected).toContain(target.title);
    const search = page
      .getByRole('searchbox')
      .or(page.getByLabel(/search/i))
      .first();
    await search.fill(word);
    await expectExactlyTitles(page, all, expected);
    await search.fill('zzzz-no-such-program');
    await visible(page.getByText(MESSAGES.programsEmptyFiltered));
    await search.fill('');
    await expectExactlyTitles(page, all, all);
  });

  test('Workshops: each tab shows its own workshops', async () => {
    const base = e2e.baseURL;
    const [upcoming, past, free] = await Promise.all([
      list<Workshop>(base, `${API.workshops.list}?upcoming=true`),
      list<Workshop>(base, `${API.workshops.list}?past=true`),
      list<Workshop>(base, `${API.workshops.list}?is_free=true`),
    ]);
    expect(upcoming.length, 'seeded upcoming workshops').toBeGreaterThan(0);
    expect(past.length, 'seeded past workshops').toBeGreaterThan(0);
    expect(free.length, 'seeded free workshops').toBeGreaterThan(0);
    const all = [...upcoming, ...past, ...free].map((w) => w.title);
    const page = await e2e.newPage();
    await page.goto('/workshops');
    // Upcoming is the default tab.
    await expectExactlyTitles(
      page,
      all,
      upcoming.map((w) => w.title),
    );
    await tab(page, 'Past Events').first().click();
    await expectExactlyTitles(
      page,
      all,
      past.map((w) => w.title),
    );
    await tab(page, 'Free Workshops').first().click();
    await expectExactlyTitles(
      page,
      all,
      free.map((w) => w.title),
    );
    await tab(page, 'Upcoming').first().click();
    await expectExactlyTitles(
      page,
      all,
      upcoming.map((w) => w.title),
    );
    // Enroll Now on a workshop card goes to its checkout.
    const workshop = upcoming[0]!;
    await action(cardOf(page, workshop.title), 'Enroll Now').first().click();
    await waitForPath(page, `/payment/workshop/${workshop.id}`);
    await visible(page.getByRole('heading', { name: exactly(workshop.title) }));
  });

  test('a checkout of an unknown course type shows the load failure with Back to Programs', async () => {
    const page = await e2e.newPage();
    await page.goto('/payment/course/1');
    await visible(page.getByText(MESSAGES.courseLoadFailed, { exact: true }));
    await action(page, 'Back to Programs').first().click();
    await waitForPath(page, '/programs');
  });

  test('Resources: the type chips filter the library', async () => {
    const base = e2e.baseURL;
    // The public page lists the featured resources (spec section 7: featured=true); a chip shows only its type.
    const everything = await list<Resource>(base, API.resources.list);
    const shown = await list<Resource>(base, `${API.resources.list}?featured=true`);
    const page = await e2e.newPage();
    await page.goto('/resources');
    await visible(titleOf(page, shown[0]!.title));
    const onPage = everything.filter((r) => shown.some((s) => s.id === r.id)).map((r) => r.title);
    const allTitles = everything.map((r) => r.title);
    let narrowed = 0;
    for (const [type, label] of Object.entries(RESOURCE_TYPE_LABELS)) {
      await chip(page, label).first().click();
      const expected = shown.filter((r) => r.resource_type === type).map((r) => r.title);
      if (expected.length === 0) {
        // Nothing of this type on the page: no card of another type may remain.
        await expectExactlyTitles(page, allTitles, []);
      } else {
        await expectExactlyTitles(page, allTitles, expected);
        if (expected.length < onPage.length) narrowed += 1;
      }
    }
    expect(narrowed, 'at least one chip narrows the list').toBeGreaterThan(0);
    await chip(page, 'All').first().click();
    await expectExactlyTitles(page, allTitles, onPage);
  });

  test('an unknown path shows "Page not found" and Go Home returns to /', async () => {
    const page = await e2e.newPage();
    await page.goto('/no-such-page/at-all');
    await visible(page.getByText(MESSAGES.pageNotFound, { exact: true }));
    await action(page, 'Go Home').first().click();
    await waitForPath(page, '/');
    await visible(page.getByRole('heading', { level: 1, name: 'From Classroom to Credit Markets' }));
  });

  test('Apply Now reaches the sign-up page at /register', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await header(page)
      .getByRole('link', { name: exactly('Apply Now') })
      .click();
    await waitForPath(page, '/register');
    await visible(page.getByLabel(/username/i));
    await visible(page.getByLabel(/email/i));
    await visible(page.getByLabel(/^password/i));
    expect(await page.getByText(MESSAGES.pageNotFound).count()).toBe(0);
  });

  test('Book Free Counseling reaches /contact and the request is stored for administrators', async () => {
    const page = await e2e.newPage();
    const dialogs = recordDialogs(page);
    await page.goto('/');
    await page
      .getByRole('main')
      .getByRole('link', { name: exactly('Book Free Counseling') })
      .click();
    await waitForPath(page, '/contact');
    const email = `counsel.${Date.now()}@example.in`;
    await visible(page.getByLabel(/name/i));
    await page.getByLabel(/name/i).first().fill('Ravi Kumar');
    await page.getByLabel(/email/i).first().fill(email);
    await page
      .getByLabel(/phone|mobile/i)
      .first()
      .fill('9876543210');
    const message = page.getByLabel(/message/i);
    if (await message.count()) await message.first().fill('I would like to talk about the credit analyst program.');
    await page
      .getByRole('main')
      .getByRole('button', { name: /book|submit|send|request/i })
      .first()
      .click();
    // The visitor is told the booking went through, and the server has it.
    await visible(page.getByRole('status').filter({ hasText: /received|thank/i }));
    const token = await adminToken(e2e.baseURL);
    await expect
      .poll(
        async () =>
          (await allPages<CounselingRequest>(e2e.baseURL, API.admin.counselingRequests, token)).some(
            (r) => r.email === email,
          ),
        {
          timeout: 15_000,
          interval: 250,
        },
      )
      .toBe(true);
    const stored = (await allPages<CounselingRequest>(e2e.baseURL, API.admin.counselingRequests, token)).find(
      (r) => r.email === email,
    )!;
    expect(stored.name).toBe('Ravi Kumar');
    expect(stored.phone).toBe('9876543210');
    expect(dialogs.messages.filter((m) => /fail|error/i.test(m))).toEqual([]);
  });
});
