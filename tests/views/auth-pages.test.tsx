import { DEMO_CERTIFICATE_HOLDER } from '../../contract/demo-logins.ts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, FIELD_MESSAGES, MESSAGES, SERVER_MESSAGES } from '../../contract/index.ts';
import { tokenStore } from '../../src/lib/token-store.ts';
import { deferred, fail, ok } from './support/fake-api.ts';
import { admin, student } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';
import { expectSuccessNotice } from './support/notices.ts';

const tokens = ok({ access: 'access-9', refresh: 'refresh-9' });

describe('Login', () => {
  it('requires username and password', async () => {
    const { user, api } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(screen.getByText('Username is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Username/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(`POST ${API.token}`)).toHaveLength(0);
  });

  it('stores both tokens, loads the user and sends a student to /dashboard', async () => {
    const { user, router, api } = renderApp('/login', { routes: { [`POST ${API.token}`]: tokens } });
    api.on(`GET ${API.me}`, (request) => (request.auth === 'Bearer access-9' ? ok(student) : fail(401, {})));
    await user.type(await screen.findByLabelText(/Username/), 'student');
    await user.type(screen.getByLabelText(/Password/), 'student123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.callsTo(`POST ${API.token}`)[0]!.body).toEqual({ username: 'student', password: 'student123' });
    expect(tokenStore.getAccess()).toBe('access-9');
    expect(tokenStore.getRefresh()).toBe('refresh-9');
  });

  it('sends an admin to /admin, and honours ?next= for checkout', async () => {
    const { user, router, api } = renderApp('/login?next=%2Fpayment%2Fprogram%2F3', {
      routes: { [`POST ${API.token}`]: tokens },
    });
    api.on(`GET ${API.me}`, ok(admin));
    await user.type(await screen.findByLabelText(/Username/), 'admin');
    await user.type(screen.getByLabelText(/Password/), 'admin123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/program/3'));
  });

  it.each([
    ['a backslash', encodeURIComponent('/\\evil.example')],
    ['a tab', encodeURIComponent('/\t/evil.example')],
    ['an encoded slash', encodeURIComponent('/%2F/evil.example')],
    ['protocol-relative', encodeURIComponent('//evil.example')],
    ['javascript:', encodeURIComponent('javascript:alert(1)')],
    ['a malformed escape', '%2Fprograms%2F%25E0%25A4%25A'],
  ])('never follows (nor crashes on) a next= with %s: the student lands on the dashboard', async (_what, next) => {
    const { user, router, api } = renderApp(`/login?next=${next}`, { routes: { [`POST ${API.token}`]: tokens } });
    api.on(`GET ${API.me}`, ok(student));
    await user.type(await screen.findByLabelText(/Username/), 'student');
    await user.type(screen.getByLabelText(/Password/), 'student123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows the server detail in the error banner, else the spec text', async () => {
    const { user } = renderApp('/login', {
      routes: { [`POST ${API.token}`]: fail(401, { detail: SERVER_MESSAGES.badCredentials }) },
    });
    await user.type(await screen.findByLabelText(/Username/), 'student');
    await user.type(screen.getByLabelText(/Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER_MESSAGES.badCredentials);
  });

  it('falls back to "Login failed. Please try again." when the server says nothing', async () => {
    const { user } = renderApp('/login', { routes: { [`POST ${API.token}`]: fail(502, null) } });
    await user.type(await screen.findByLabelText(/Username/), 'student');
    await user.type(screen.getByLabelText(/Password/), 'x');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.loginFailed);
  });

  it('shows "Logging in..." while the call is in flight', async () => {
    const answer = deferred();
    const { user } = renderApp('/login', { routes: { [`POST ${API.token}`]: answer.handler } });
    await user.type(await screen.findByLabelText(/Username/), 'student');
    await user.type(screen.getByLabelText(/Password/), 'x');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeDisabled();
    answer.release(fail(401, { detail: SERVER_MESSAGES.badCredentials }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('shows the Demo Credentials box only in demo mode; its button fills the admin login', async () => {
    const { user } = renderApp('/login', { demo: true });
    await user.click(await screen.findByRole('button', { name: 'Use Admin Credentials' }));
    expect(screen.getByLabelText(/Username/)).toHaveValue('admin');
    expect(screen.getByLabelText(/Password/)).toHaveValue('admin123');
    // The box names the demo login that holds the demo certificate (the seed issues it to that login).
    const box = screen.getByRole('region', { name: 'Demo Credentials' });
    expect(box).toHaveTextContent(
      `Student with the demo certificate (a completed program): ${DEMO_CERTIFICATE_HOLDER.username} / ${DEMO_CERTIFICATE_HOLDER.password}`,
    );
  });

  it('has no Demo Credentials box outside demo mode, and links to sign-up', async () => {
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Demo Credentials')).not.toBeInTheDocument();
  });

  it('redirects an authenticated admin away from /login to /admin', async () => {
    const { router } = renderApp('/login', { user: admin, routes: { [`GET ${API.adminStats}`]: fail(500, {}) } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });
});

describe('Register', () => {
  it('validates with the contract rules', async () => {
    const { user, api } = renderApp('/register');
    await user.type(await screen.findByLabelText(/Email/), 'not-an-email');
    await user.type(screen.getByLabelText(/Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByText('Username is required.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('First name is required.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${API.register}`)).toHaveLength(0);
  });

  it('signs the student up, logs them in and lands on /dashboard', async () => {
    const { user, router, api } = renderApp('/register', {
      routes: { [`POST ${API.register}`]: { status: 201, body: { access: 'a', refresh: 'r' } } },
    });
    api.on(`GET ${API.me}`, ok({ ...student, username: 'arjun', first_name: 'Arjun', last_name: 'Mehta' }));
    await user.type(await screen.findByLabelText(/First name/), 'Arjun');
    await user.type(screen.getByLabelText(/Last name/), 'Mehta');
    await user.type(screen.getByLabelText(/Username/), 'arjun');
    await user.type(screen.getByLabelText(/Email/), 'arjun@example.in');
    await user.type(screen.getByLabelText(/Password/), 'long-enough');
    // The age question and each optional purpose are separate choices, none ticked beforehand.
    expect(screen.getByLabelText('I am 18 or older')).not.toBeChecked();
    for (const box of screen.getAllByRole('checkbox')) expect(box).not.toBeChecked();
    await user.click(screen.getByLabelText('I am 18 or older'));
    await user.click(screen.getByLabelText(/WhatsApp/));
    await user.type(screen.getByLabelText(/Mobile number/), '98765 43210');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.callsTo(`POST ${API.register}`)[0]!.body).toEqual({
      username: 'arjun',
      email: 'arjun@example.in',
      password: 'long-enough',
      first_name: 'Arjun',
      last_name: 'Mehta',
      is_adult: true,
      consents: { marketing_email: false, whatsapp: true, sms: false },
      phone: '9876543210',
    });
    expect(tokenStore.getRefresh()).toBe('r');
  });

  it('asks for the mobile number only when WhatsApp or SMS is ticked, and requires it then', async () => {
    const { user, api } = renderApp('/register', {
      routes: { [`POST ${API.register}`]: fail(400, { phone: [FIELD_MESSAGES.phone] }) },
    });
    await user.type(await screen.findByLabelText(/First name/), 'Arjun');
    await user.type(screen.getByLabelText(/Last name/), 'Mehta');
    await user.type(screen.getByLabelText(/Username/), 'arjun');
    await user.type(screen.getByLabelText(/Email/), 'arjun@example.in');
    await user.type(screen.getByLabelText(/Password/), 'long-enough');
    await user.click(screen.getByLabelText('I am 18 or older'));
    expect(screen.queryByLabelText(/Mobile number/)).toBeNull();
    await user.click(screen.getByLabelText(/News of new programs/));
    expect(screen.queryByLabelText(/Mobile number/)).toBeNull();
    await user.click(screen.getByLabelText(/^SMS/));
    const phone = screen.getByLabelText(/Mobile number/);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(FIELD_MESSAGES.phoneForMessages)).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(`POST ${API.register}`)).toHaveLength(0);
    // The server's refusal of the number is shown at the number.
    await user.type(phone, '9876543210');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(FIELD_MESSAGES.phone)).toBeInTheDocument();
    expect(api.callsTo(`POST ${API.register}`)[0]!.body).toMatchObject({ phone: '9876543210' });
    // Unticked again, the number is neither asked nor sent.
    await user.click(screen.getByLabelText(/^SMS/));
    expect(screen.queryByLabelText(/Mobile number/)).toBeNull();
  });

  it('shows the server refusal', async () => {
    const { user } = renderApp('/register', {
      routes: { [`POST ${API.register}`]: fail(400, { username: [SERVER_MESSAGES.usernameTaken] }) },
    });
    await user.type(await screen.findByLabelText(/First name/), 'Arjun');
    await user.type(screen.getByLabelText(/Last name/), 'Mehta');
    await user.type(screen.getByLabelText(/Username/), 'student');
    await user.type(screen.getByLabelText(/Email/), 'arjun@example.in');
    await user.type(screen.getByLabelText(/Password/), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER_MESSAGES.usernameTaken);
  });
});

describe('Contact (Book Free Counseling)', () => {
  it('validates, stores the request and confirms it', async () => {
    const { user, api } = renderApp('/contact', {
      routes: {
        [`POST ${API.counseling.create}`]: {
          status: 201,
          body: {
            id: 1,
            name: 'Neha',
            email: 'neha@example.in',
            phone: '9876543210',
            preferred_date: null,
            interest: '',
            message: '',
            created_at: '2026-11-22T10:00:00Z',
            status: 'new',
            assignee: null,
            next_follow_up: null,
            notes: [],
          },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Book Free Counseling' }));
    expect(screen.getByText('Name is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Full name/), 'Neha');
    await user.type(screen.getByLabelText(/Email/), 'neha@example.in');
    await user.type(screen.getByLabelText(/Mobile number/), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Book Free Counseling' }));
    await expectSuccessNotice(/request has been received/);
    expect(api.callsTo(`POST ${API.counseling.create}`)[0]!.body).toMatchObject({ name: 'Neha', phone: '9876543210' });
  });
});

describe('Password reset', () => {
  it('"Forgot password?" on the login page asks for a link and answers the same for any address', async () => {
    const { user, router, api } = renderApp('/login', {
      routes: { [`POST ${API.passwordReset}`]: { status: 202, body: { detail: SERVER_MESSAGES.resetRequested } } },
    });
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    await user.type(await screen.findByLabelText(/Email/), 'someone@example.in');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await expectSuccessNotice(SERVER_MESSAGES.resetRequested);
    expect(api.callsTo(`POST ${API.passwordReset}`)[0]!.body).toEqual({ email: 'someone@example.in' });
  });

  it('the emailed link sets a new password with its token, then the login page says so', async () => {
    const { user, router, api } = renderApp('/reset-password#token=tok-123', {
      routes: { [`POST ${API.passwordResetConfirm}`]: { status: 204 } },
    });
    await user.type(await screen.findByLabelText(/New password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByText('Password must be at least 8 characters.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${API.passwordResetConfirm}`)).toHaveLength(0);
    await user.clear(screen.getByLabelText(/New password/));
    await user.type(screen.getByLabelText(/New password/), 'N3w-password!');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await expectSuccessNotice(MESSAGES.passwordResetDone);
    expect(api.callsTo(`POST ${API.passwordResetConfirm}`)[0]!.body).toEqual({
      token: 'tok-123',
      password: 'N3w-password!',
    });
  });

  it('a used or expired link says so and offers to ask again', async () => {
    const { user, router } = renderApp('/reset-password#token=used', {
      routes: { [`POST ${API.passwordResetConfirm}`]: fail(400, { error: SERVER_MESSAGES.resetLinkInvalid }) },
    });
    await user.type(await screen.findByLabelText(/New password/), 'N3w-password!');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER_MESSAGES.resetLinkInvalid);
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });
});
