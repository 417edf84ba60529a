import { describe, expect, test } from 'vitest';
import {
  API,
  CHECKOUT_MESSAGES,
  CHECKOUT_OUTCOME_MESSAGES,
  DELIVERY_MESSAGES,
  MESSAGES,
  type Batch,
  type Enrollment,
  type Payment,
  type Program,
} from '../../contract/index.ts';
import { adminToken, apiOk, list, newStudentData, registerStudent } from './support/api.ts';
import { useE2E } from './support/fixture.ts';
import {
  action,
  cardOf,
  choosePaymentMethod,
  exactly,
  expectMessage,
  header,
  hidden,
  loginForm,
  openLoggedIn,
  recordDialogs,
  section,
  storedTokens,
  titleOf,
  visible,
  waitForPath,
  payAtSandbox,
} from './support/ui.ts';

const e2e = useE2E();

async function programs(): Promise<Program[]> {
  const all = await list<Program>(e2e.baseURL, API.programs.list);
  return all.filter((p) => p.is_active && p.price > 0);
}

async function firstBatch(programId: number): Promise<Batch> {
  return (await list<Batch>(e2e.baseURL, `/classroom/programs/${programId}/batches/`))[0]!;
}

describe('Student', () => {
  test('registers on /register and lands logged in', async () => {
    const data = newStudentData('signup');
    const page = await e2e.newPage();
    await page.goto('/register');
    await page.getByLabel(/first name/i).fill(data.first_name);
    await page.getByLabel(/last name/i).fill(data.last_name);
    await page.getByLabel(/username/i).fill(data.username);
    await page.getByLabel(/email/i).fill(data.email);
    await page.getByLabel(/^password/i).fill(data.password);
    // The age declaration is required (decision record 065).
    await page.getByLabel('I am 18 or older').check();
    await page.getByRole('button', { name: /sign up|register|create/i }).click();
    await waitForPath(page, '/dashboard');
    await visible(header(page).getByText(`${data.first_name} ${data.last_name}`));
    await visible(header(page).getByText(exactly('STUDENT')));
    await visible(header(page).getByRole('button', { name: exactly('Logout') }));
    await visible(header(page).getByRole('link', { name: exactly('Dashboard') }));
    const tokens = await storedTokens(page);
    expect(tokens.access).toBeTruthy();
    expect(tokens.refresh).toBeTruthy();
  });

  test('Enroll Now leads to checkout, which rejects bad input, then pays and the course is under My Courses', async () => {
    const student = await registerStudent(e2e.baseURL, 'checkout');
    const program = (await programs())[0]!;
    const page = await e2e.newPage();
    const dialogs = recordDialogs(page);
    await openLoggedIn(page, student, '/programs');
    await action(cardOf(page, program.title), 'Enroll Now').first().click();
    await waitForPath(page, `/payment/program/${program.id}`);
    await visible(page.getByText(program.title).first());

    await page.getByLabel(/first name/i).fill('Asha');
    await page.getByLabel(/last name/i).fill('Verma');
    await page.getByLabel(/email/i).fill(student.email);
    await page.getByLabel(/phone/i).fill('9876543210');
    await page.getByLabel(/state or union territory/i).selectOption('27');
    await page.getByLabel(/^address/i).fill('12 Marine Drive, Mumbai 400020');
    await choosePaymentMethod(page, 'upi');
    const pay = page.getByRole('button', { name: /^\s*pay\b/i }).first();
    // No card or UPI field: the gateway's page asks for them (decision record 067).
    for (const label of [/card number/i, /cvv/i, /expiry/i, /name on card/i, /upi id/i])
      expect(await page.getByLabel(label).count()).toBe(0);

    // A mobile number that is not one, and no address.
    await page.getByLabel(/phone/i).fill('12345');
    await page.getByLabel(/^address/i).fill('');
    await pay.click();
    await visible(page.getByText(CHECKOUT_MESSAGES.phone));
    await visible(page.getByText(CHECKOUT_MESSAGES.address));
    // Nothing was paid while the form was invalid.
    expect(await list<Enrollment>(e2e.baseURL, API.enrollments.list, student.access)).toEqual([]);

    // A valid form, but no batch chosen: the program has open batches, so nothing starts yet.
    await page.getByLabel(/phone/i).fill('9876543210');
    await page.getByLabel(/^address/i).fill('12 Marine Drive, Mumbai 400020');
    await pay.click();
    await visible(page.getByText(DELIVERY_MESSAGES.batchRequired));
    expect(await list<Payment>(e2e.baseURL, API.payments.list, student.access)).toEqual([]);
    // With a batch, the payment goes to the gateway: the local sandbox's checkout page (demo mode).
    const batchName = (await firstBatch(program.id)).name;
    await page.getByRole('radio', { name: new RegExp(batchName) }).check();
    await pay.click();
    // A declined test card first: back on the checkout, told what happened and what to do, with
    // everything typed still there (batch, phone, state, address, method).
    await payAtSandbox(page, { card: '4000 0000 0000 0002' });
    await waitForPath(page, `/payment/program/${program.id}`);
    await expectMessage(page, dialogs, CHECKOUT_OUTCOME_MESSAGES.declined, 20_000);
    expect(await list<Enrollment>(e2e.baseURL, API.enrollments.list, student.access)).toEqual([]);
    // The typed values come back with the page (the batch's choice after its list loads): polled, not read once.
    await expect.poll(() => page.getByLabel(/first name/i).inputValue()).toBe('Asha');
    await expect.poll(() => page.getByLabel(/phone/i).inputValue()).toBe('9876543210');
    await expect.poll(() => page.getByLabel(/state or union territory/i).inputValue()).toBe('27');
    await expect.poll(() => page.getByLabel(/^address/i).inputValue()).toBe('12 Marine Drive, Mumbai 400020');
    await expect.poll(() => page.getByRole('radio', { name: /^\s*upi\s*$/i }).isChecked()).toBe(true);
    await expect.poll(() => page.getByRole('radio', { name: new RegExp(batchName) }).isChecked()).toBe(true);
    // Pay again without typing anything: the test card pays.
    await pay.click();
    await payAtSandbox(page, { card: '4111 1111 1111 1111' });
    // Then straight to the dashboard, with one success text (no reset checkout on the way).
    await waitForPath(page, '/dashboard');
    await expectMessage(page, dialogs, MESSAGES.checkoutSuccess, 20_000);
    await expect.poll(() => page.getByText(MESSAGES.checkoutSuccess).count()).toBe(1);
    await page.goto('/programs');
    await visible(cardOf(page, program.title).getByRole('button', { name: exactly('Enrolled') }));

    await page.goto('/dashboard');
    const myCourses = section(page, /my courses/i);
    await visible(titleOf(myCourses, program.title));
    await visible(page.getByRole('heading', { name: /my courses\s*\(?\s*1\s*\)?/i }));
    const enrollments = await list<Enrollment>(e2e.baseURL, API.enrollments.list, student.access);
    expect(enrollments.map((e) => e.program?.id)).toContain(program.id);
    // Enrolled into the batch chosen at checkout.
    expect(enrollments.find((e) => e.program?.id === program.id)?.batch?.name).toBe(batchName);
  });

  test('a visitor at checkout is asked to log in and comes back to the checkout afterwards', async () => {
    const student = await registerStudent(e2e.baseURL, 'returning');
    const program = (await programs())[1]!;
    const page = await e2e.newPage();
    await page.goto('/programs');
    await action(cardOf(page, program.title), 'Enroll Now').first().click();
    await waitForPath(page, `/payment/program/${program.id}`);
    await page
      .getByRole('main')
      .getByRole('link', { name: /log\s?in/i })
      .first()
      .click();
    await waitForPath(page, '/login');
    const form = loginForm(page);
    await form.username.fill(student.username);
    await form.password.fill(student.password);
    await form.submit.click();
    await waitForPath(page, `/payment/program/${program.id}`);
    await visible(page.getByLabel(/^address/i));
  });

  test('dashboard: Pay starts a payment, Complete Payment goes through the gateway (UPI declined, then paid), Programs shows Enrolled, Logout', async () => {
    const student = await registerStudent(e2e.baseURL, 'dashboard');
    const page = await e2e.newPage();
    const dialogs = recordDialogs(page);
    await openLoggedIn(page, student, '/dashboard');
    // A program with open batches: Pay takes the student to its checkout, which asks for the batch.
    const withBatches = (await programs())[0]!;
    await action(cardOf(section(page, /available courses/i), withBatches.title), 'Pay')
      .first()
      .click();
    await waitForPath(page, `/payment/program/${withBatches.id}`);
    await visible(page.getByRole('group', { name: /choose your batch/i }));
    // A program without batches: Pay starts the payment on the dashboard, as the spec's Pay does.
    const program = await apiOk<Program>(e2e.baseURL, API.programs.create, {
      token: await adminToken(e2e.baseURL),
      body: {
        title: `Credit Monitoring Short Course ${Date.now()}`,
        subtitle: 'No batches',
        description: 'Self-paced.',
        level: 'beginner',
        category: 'short_course',
        target_audience: 'graduates',
        price: 12000,
        original_price: null,
        duration_weeks: 4,
        avg_salary: '',
        is_featured: false,
        is_flagship: false,
        is_active: true,
      },
    });
    await page.goto('/dashboard');

    const available = section(page, /available courses/i);
    await visible(titleOf(available, program.title));
    await visible(page.getByRole('heading', { name: /my courses\s*\(?\s*0\s*\)?/i }));
    await action(cardOf(available, program.title), 'Pay').first().click();
    await expectMessage(page, dialogs, MESSAGES.paymentStarted);
    const complete = action(cardOf(page, program.title), 'Complete Payment').first();
    await visible(complete);
    await complete.click();
    // Not paid yet: Complete Payment leads through the gateway (UPI at the sandbox). Razorpay's failing
    // test UPI ID first: back on the dashboard with the failure text, and Complete Payment again.
    await payAtSandbox(page, { vpa: 'failure@razorpay' });
    await waitForPath(page, '/dashboard');
    await expectMessage(page, dialogs, MESSAGES.checkoutFailed, 20_000);
    expect(await list<Enrollment>(e2e.baseURL, API.enrollments.list, student.access)).toEqual([]);
    await action(cardOf(page, program.title), 'Complete Payment').first().click();
    // The succeeding test UPI ID: the dashboard verifies the gateway's proof and the course is the student's.
    await payAtSandbox(page, { vpa: 'success@razorpay' });
    await waitForPath(page, '/dashboard');
    await expectMessage(page, dialogs, MESSAGES.paymentCompleted, 20_000);

    const myCourses = section(page, /my courses/i);
    await visible(titleOf(myCourses, program.title));
    await hidden(titleOf(section(page, /available courses/i), program.title));
    // Access Course Materials opens the course page (/learn/{enrollment}).
    const materials = cardOf(myCourses, program.title).getByRole('link', { name: /access course materials/i });
    await visible(materials);
    expect(await materials.getAttribute('href')).toMatch(/^\/learn\/\d+$/);

    // Programs now shows Enrolled, disabled, for that program.
    await header(page)
      .getByRole('link', { name: exactly('Programs') })
      .click();
    await waitForPath(page, '/programs');
    const enrolled = cardOf(page, program.title).getByRole('button', { name: exactly('Enrolled') });
    await visible(enrolled);
    expect(await enrolled.isDisabled()).toBe(true);

    // Logout returns to / logged out.
    await header(page)
      .getByRole('button', { name: exactly('Logout') })
      .click();
    await waitForPath(page, '/');
    await visible(header(page).getByRole('link', { name: exactly('Login') }));
    // Both tokens go once the server has retired the refresh token (a moment after the header changes).
    await expect.poll(() => storedTokens(page)).toEqual({ access: null, refresh: null });
  });
});
