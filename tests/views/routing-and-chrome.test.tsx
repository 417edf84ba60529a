import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, ASSESSMENT_PATHS, MESSAGES, UNEXPECTED_ERROR } from '../../contract/index.ts';
import { tokenStore } from '../../src/lib/token-store.ts';
import { ok } from './support/fake-api.ts';
import { admin, student } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

const nav = () => screen.getByRole('navigation', { name: 'Main' });

describe('page chrome', () => {
  it('shows the title, the seven links, Login and Apply Now to a visitor', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'From Classroom to Credit Markets' })).toBeInTheDocument();
    for (const label of ['Home', 'About', 'Programs', 'Faculty', 'Workshops', 'Placement', 'Resources']) {
      expect(within(nav()).getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Credit Careers Institute' })).toHaveAttribute('href', '/');
    expect(within(nav()).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav()).getByRole('link', { name: 'Apply Now' })).toHaveAttribute('href', '/register');
  });

  it('shows a student their Dashboard link, full name and a blue STUDENT badge', async () => {
    renderApp('/', { user: student });
    expect(await within(nav()).findByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(nav()).getByText('Priya Sharma')).toBeInTheDocument();
    const badge = within(nav()).getByText('STUDENT');
    expect(badge).toHaveClass('badge-blue');
    expect(within(nav()).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('shows an admin the Admin Panel link and a red ADMIN badge', async () => {
    renderApp('/', { user: admin });
    expect(await within(nav()).findByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
    expect(within(nav()).getByText('ADMIN')).toHaveClass('badge-red');
  });

  it('falls back to the username, then "User"', async () => {
    renderApp('/', { user: { ...student, first_name: '', last_name: '' } });
    expect(await within(nav()).findByText('student')).toBeInTheDocument();
  });

  it('colours other roles: instructor amber, faculty purple', async () => {
    renderApp('/', { user: { ...student, profile: { ...student.profile, role: 'instructor' } } });
    expect(await within(nav()).findByText('INSTRUCTOR')).toHaveClass('badge-amber');
  });

  it('Logout logs out, clears both tokens and goes to /', async () => {
    const { user, api, router } = renderApp('/about', { user: student });
    await user.click(await within(nav()).findByRole('button', { name: 'Logout' }));
    expect(await within(nav()).findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => expect(api.callsTo(`POST ${API.logout}`)).toHaveLength(1));
    expect(api.callsTo(`POST ${API.logout}`)[0]!.body).toEqual({ refresh: 'refresh-1' });
    await waitFor(() => expect(tokenStore.getAccess()).toBeNull());
    expect(tokenStore.getRefresh()).toBeNull();
  });

  it('Logout first sends exam answers still waiting on this device, then leaves no answers or checkout form behind', async () => {
    const waiting = [{ question: 3, answer: ['b'], marked_for_review: true, seq: 4 }];
    localStorage.setItem('exam-queue-7', JSON.stringify(waiting));
    localStorage.setItem('unrelated-setting', 'kept');
    sessionStorage.setItem('checkout-draft:program/1', JSON.stringify({ paymentId: 9, form: { phone: '9876543210' } }));
    const { user, api } = renderApp('/about', { user: student });
    api.on(`PUT ${ASSESSMENT_PATHS.answer(7, 3)}`, ok({ question: 3, seq: 4, saved_at: '2026-11-28T10:00:00Z' }));
    await user.click(await within(nav()).findByRole('button', { name: 'Logout' }));
    expect(await within(nav()).findByRole('link', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(`POST ${API.logout}`)).toHaveLength(1));
    const order = api.calls.map((c) => `${c.method} ${c.path}`);
    const save = order.indexOf(`PUT ${ASSESSMENT_PATHS.answer(7, 3)}`);
    expect(save).toBeGreaterThanOrEqual(0);
    expect(api.calls[save]!.body).toEqual({ answer: ['b'], marked_for_review: true, seq: 4 });
    expect(save).toBeLessThan(order.indexOf(`POST ${API.logout}`));
    await waitFor(() => expect(localStorage.getItem('exam-queue-7')).toBeNull());
    expect(sessionStorage.getItem('checkout-draft:program/1')).toBeNull();
    expect(localStorage.getItem('unrelated-setting')).toBe('kept');
    localStorage.removeItem('unrelated-setting');
  });

  it('the phone menu button opens and closes the navigation', async () => {
    const { user } = renderApp('/');
    const toggle = await screen.findByRole('button', { name: /menu/i });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(nav()).toHaveClass('open');
  });
});

describe('routes and access rules', () => {
  it('any other path shows "Page not found" with Go Home', async () => {
    renderApp('/nowhere');
    expect(await screen.findByRole('heading', { name: MESSAGES.pageNotFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  });

  it('/dashboard sends a visitor to /login', async () => {
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('/admin sends a visitor to /login', async () => {
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('/admin shows Access Denied to a student, with Go Back', async () => {
    renderApp('/admin', { user: student });
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.adminOnly)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });

  it('Go Back on a page opened directly (no history) leads home, not to a blank page', async () => {
    const { user, router } = renderApp('/admin', { user: student });
    await user.click(await screen.findByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('/login and checkout have no page chrome', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('an unhandled routing failure shows "Unexpected Application Error!"', async () => {
    // A page whose answer cannot be parsed throws inside the route: the root route's boundary catches it
    // (the browser's router is React Router's declarative one, as here).
    const { MemoryRouter, useRoutes } = await import('react-router-dom');
    const { RootRoute } = await import('../../src/app/root-route.tsx');
    const { SessionContext } = await import('../../src/lib/session.ts');
    const { anonymousSession, appSessionMachine } = await import('../../src/app/composition/session.ts');
    const { render } = await import('@testing-library/react');
    const Boom = () => {
      throw new Error('boom');
    };
    const Routes = () => useRoutes([{ element: <RootRoute />, children: [{ path: '/', element: <Boom /> }] }]);
    const spy = (await import('vitest')).vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <SessionContext.Provider logic={appSessionMachine} options={{ snapshot: anonymousSession }}>
        <MemoryRouter initialEntries={['/']}>
          <Routes />
        </MemoryRouter>
      </SessionContext.Provider>,
    );
    expect(await screen.findByRole('heading', { name: UNEXPECTED_ERROR })).toBeInTheDocument();
    spy.mockRestore();
  });

  it('a stale token that no longer verifies leaves the visitor logged out with tokens cleared', async () => {
    tokenStore.setTokens({ access: 'stale', refresh: 'stale-refresh' });
    const spy = (await import('vitest')).vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/about', {
      routes: { [`POST ${API.tokenRefresh}`]: { status: 401, body: { detail: 'Token is invalid or expired' } } },
    });
    expect(await within(nav()).findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(tokenStore.getAccess()).toBeNull();
    expect(spy).toHaveBeenCalled();
  });

  it('Home shows a logged-in admin a single button to the admin panel', async () => {
    renderApp('/', { user: admin, routes: { [`GET ${API.adminStats}`]: ok({}) } });
    const hero = (await screen.findByRole('heading', { name: 'From Classroom to Credit Markets' })).closest('section')!;
    await waitFor(() => expect(within(hero).getAllByRole('link')).toHaveLength(1));
    expect(within(hero).getByRole('link')).toHaveAttribute('href', '/admin');
  });
});

describe('session expiry', () => {
  it('when a live session cannot be refreshed, the browser goes to /login and the user is logged out', async () => {
    const { router, api } = renderApp('/about', { user: student });
    expect(await within(nav()).findByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    api.on(`GET ${API.me}`, { status: 401, body: { detail: 'Given token not valid for any token type' } });
    api.on(`POST ${API.tokenRefresh}`, { status: 401, body: { detail: 'Token is invalid or expired' } });
    api.on(`GET ${API.enrollments.list}`, {
      status: 401,
      body: { detail: 'Given token not valid for any token type' },
    });
    await router.navigate('/programs');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(tokenStore.getAccess()).toBeNull();
    expect(tokenStore.getRefresh()).toBeNull();
  });
});
