import { afterAll, describe, expect, test } from 'vitest';
import {
  PLACEMENT_MESSAGES,
  PLACEMENT_PATHS as P,
  type Employer,
  type Offer,
  type PlacementSummary,
} from '../../contract/index.ts';
import { startInbox } from '../api/support/smtp.ts';
import { linkReceived } from './support/inbox-links.ts';
import { ADMIN, allPages, apiOk, login } from './support/api.ts';
import { useE2E } from './support/fixture.ts';
import { escapeRegExp, openLoggedIn, visible } from './support/ui.ts';

// The confirmation link exists only in the email as received (decision record 070: the outbox keeps none).
const inbox = await startInbox();
const e2e = useE2E({ env: { SMTP_URL: inbox.url } });
afterAll(() => inbox.close());

const confirmationLinkFor = (email: string) => linkReceived(inbox, email, 'placement/confirm');

/**
 * Placement (decision record 070), against the real server: the office asks the employer to confirm a
 * claimed offer, the employer confirms it through the single-use link in the email, and the public
 * Placement page's figures count it.
 */
describe('Employer confirmation of an offer', () => {
  test('the office sends the link; the employer confirms through it; the Placement page counts one more placed', async () => {
    const admin = await login(e2e.baseURL, ADMIN.username, ADMIN.password);
    const before = await apiOk<PlacementSummary>(e2e.baseURL, P.summary);
    const ended = new Set(before.programs.flatMap((p) => p.batches.map((b) => b.batch)));
    const offers = await allPages<Offer>(e2e.baseURL, P.offers, admin.access);
    const employers = await allPages<Employer>(e2e.baseURL, P.employers, admin.access);
    const placed = new Set(offers.filter((o) => o.status === 'verified').map((o) => o.student));
    // The office's first page of claimed offers, as the Offers tab shows it with the Claimed filter.
    const claimed = await allPages<Offer>(e2e.baseURL, `${P.offers}?status=claimed`, admin.access);
    // A claimed offer of a counted batch whose student has no verified offer yet, to an employer with an HR
    // contact on its own domain, and the only claimed offer of that student with that designation.
    const offer = claimed.find(
      (o) =>
        ended.has(o.batch) &&
        !placed.has(o.student) &&
        (employers.find((e) => e.id === o.employer)?.hr_contacts.length ?? 0) > 0 &&
        claimed.filter((c) => c.student_name === o.student_name).length === 1,
    );
    expect(offer, 'the demo has a claimed offer of an unplaced graduate').toBeDefined();
    const contact = employers.find((e) => e.id === offer!.employer)!.hr_contacts[0]!.email;

    const office = await e2e.newPage();
    await openLoggedIn(office, admin, '/admin?tab=offers');
    const filters = office.getByRole('form', { name: 'Filters' });
    await filters.getByLabel('Status').selectOption({ label: 'Claimed (to verify)' });
    await filters.getByRole('button', { name: 'Apply' }).click();
    await visible(office.getByRole('heading', { name: /^Offers \(\d+\)$/ }));
    const row = office.getByRole('row', { name: new RegExp(escapeRegExp(offer!.student_name)) });
    await row.getByRole('button', { name: 'Ask employer' }).click();
    const ask = office.getByRole('dialog', { name: 'Ask employer' });
    await ask.getByLabel(/HR contact's email/).fill(contact);
    await ask.getByRole('button', { name: 'Send confirmation link' }).click();
    await visible(ask.getByText(new RegExp(`Confirmation link sent to ${escapeRegExp(contact)}`)));

    const employer = await e2e.newPage();
    await employer.goto(await confirmationLinkFor(contact));
    await visible(
      employer.getByRole('heading', { name: `${offer!.employer_name}: an offer to ${offer!.student_name}` }),
    );
    await visible(employer.getByText(offer!.designation, { exact: true }));
    await employer.getByRole('button', { name: 'Send answer' }).click();
    await visible(employer.getByText(PLACEMENT_MESSAGES.confirmed));

    const after = await apiOk<PlacementSummary>(e2e.baseURL, P.summary);
    expect(after.overall.placed).toBe(before.overall.placed + 1);
    expect(after.overall.eligible).toBe(before.overall.eligible);
    const visitor = await e2e.newPage();
    await visitor.goto('/placement');
    await visible(visitor.getByText(`${after.overall.placed} of ${after.overall.eligible}`, { exact: true }));
    expect(
      await visitor.getByText(`${before.overall.placed} of ${before.overall.eligible}`, { exact: true }).count(),
    ).toBe(0);

    // The link is single use: opened again, it says so and offers no answer.
    const again = await e2e.newPage();
    await again.goto(await confirmationLinkFor(contact));
    await visible(again.getByText(PLACEMENT_MESSAGES.linkUsed));
  });
});
