import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API } from '../../contract/index.ts';
import { ok } from './support/fake-api.ts';
import { program, student } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

/** Every page has its own document title (the tab, the history list, what a screen reader announces). */

const EMPTY = ok({ count: 0, next: null, previous: null, results: [] });

describe('document titles', () => {
  it.each([
    ['/', 'Credit Careers Institute | Credit analyst, research analyst and NBFC careers in India'],
    ['/programs', 'Programs and fees | Credit Careers Institute'],
    ['/about', 'About us | Credit Careers Institute'],
    ['/login', 'Log in | Credit Careers Institute'],
    ['/register', 'Create an account | Credit Careers Institute'],
    ['/forgot-password', 'Forgot password | Credit Careers Institute'],
    ['/reset-password#token=abc', 'Set a new password | Credit Careers Institute'],
    ['/contact', 'Contact us and book free counseling | Credit Careers Institute'],
    ['/no/such/page', 'Page not found | Credit Careers Institute'],
  ])('%s is titled “%s”', async (path, title) => {
    renderApp(path, { routes: { [`GET ${API.programs.list}`]: EMPTY } });
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('titles the dashboard for a logged-in student', async () => {
    renderApp('/dashboard', { user: student });
    await waitFor(() => expect(document.title).toBe('My dashboard | Credit Careers Institute'));
  });

  it('titles a program’s page by its program, and changes the title when the visitor moves on', async () => {
    const { router } = renderApp('/programs/1', {
      routes: { [`GET ${API.programs.detail(1)}`]: ok(program()), [`GET ${API.programs.list}`]: EMPTY },
    });
    await screen.findByRole('heading', { name: 'Credit Analyst Program', level: 1 });
    await waitFor(() => expect(document.title).toBe('Credit Analyst Program | Credit Careers Institute'));
    await router.navigate('/about');
    await waitFor(() => expect(document.title).toBe('About us | Credit Careers Institute'));
  });
});
