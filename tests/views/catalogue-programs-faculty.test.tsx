import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, MESSAGES } from '../../contract/index.ts';
import { deferred, ok, serverError } from './support/fake-api.ts';
import { enrollment, faculty, program, student } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';
import { expectSuccessNotice } from './support/notices.ts';

const PROGRAMS = `GET ${API.programs.list}`;

describe('Programs', () => {
  it('shows "Loading programs..." and then every card field', async () => {
    const answer = deferred();
    renderApp('/programs', { routes: { [PROGRAMS]: answer.handler } });
    expect(await screen.findByText(MESSAGES.programsLoading)).toBeInTheDocument();
    answer.release(ok([program()]));
    const card = (await screen.findByRole('heading', { name: 'Credit Analyst Program' })).closest('article')!;
    const c = within(card);
    expect(c.getByText('Featured')).toBeInTheDocument();
    expect(c.getByText('Flagship')).toBeInTheDocument();
    expect(c.getByText('From statements to sanction')).toBeInTheDocument();
    expect(c.getByText('Financial statement analysis and credit appraisal.')).toHaveClass('clamp-3');
    expect(c.getByText('Rajesh Iyer')).toBeInTheDocument();
    expect(c.getByText('Beginner')).toBeInTheDocument();
    expect(c.getByText('Credit Analyst')).toBeInTheDocument();
    expect(c.getByText('6 months')).toBeInTheDocument();
    expect(await c.findByText('84 of 112 placed, median ₹6.4 lakh a year (as of 1 Nov 2026)')).toBeInTheDocument();
    expect(c.getByText('₹1,25,000')).toBeInTheDocument();
    expect(c.getByText('₹1,50,000').closest('s')).not.toBeNull();
    expect(c.getByText(/Placement assistance for every student/)).toBeInTheDocument();
    expect(c.getByRole('link', { name: 'Enroll Now' })).toHaveAttribute('href', '/payment/program/1');
  });

  it('shows "No programs available at the moment." with no filter', async () => {
    renderApp('/programs', { routes: { [PROGRAMS]: ok([]) } });
    expect(await screen.findByText(MESSAGES.programsEmpty)).toBeInTheDocument();
  });

  it('shows the error text when programs fail to load', async () => {
    renderApp('/programs', { routes: { [PROGRAMS]: serverError } });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.programsLoadFailed);
  });

  it('chips toggle filters on and off; the empty text then says "matching your criteria"', async () => {
    const { user, api } = renderApp('/programs', {
      routes: { [PROGRAMS]: (request) => ok(request.query.get('level') === 'advanced' ? [] : [program()]) },
    });
    await screen.findByRole('heading', { name: 'Credit Analyst Program' });
    const advanced = screen.getByRole('button', { name: 'Advanced' });
    await user.click(advanced);
    expect(advanced).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText(MESSAGES.programsEmptyFiltered)).toBeInTheDocument();
    expect(api.callsTo(PROGRAMS).at(-1)!.query.get('level')).toBe('advanced');
    await user.click(advanced);
    expect(advanced).toHaveAttribute('aria-pressed', 'false');
    expect(await screen.findByRole('heading', { name: 'Credit Analyst Program' })).toBeInTheDocument();
    expect(api.callsTo(PROGRAMS).at(-1)!.query.has('level')).toBe(false);
  });

  it('searches over title and description', async () => {
    const { user, api } = renderApp('/programs', { routes: { [PROGRAMS]: ok([program()]) } });
    await screen.findByRole('heading', { name: 'Credit Analyst Program' });
    await user.type(screen.getByLabelText('Search programs'), 'rating');
    await waitFor(() => expect(api.callsTo(PROGRAMS).at(-1)!.query.get('search')).toBe('rating'));
  });

  it("reads Enrolled (disabled) for programs in the logged-in user's enrollments, loaded in parallel", async () => {
    const programs = deferred();
    const { api } = renderApp('/programs', {
      user: student,
      routes: { [PROGRAMS]: programs.handler, [`GET ${API.enrollments.list}`]: ok([enrollment({ course: 1 })]) },
    });
    // Both requests leave before either answer arrives: no waterfall.
    await waitFor(() => expect(api.callsTo(`GET ${API.enrollments.list}`)).toHaveLength(1));
    expect(api.callsTo(PROGRAMS)).toHaveLength(1);
    programs.release(ok([program(), program({ id: 2, title: 'NBFC Incubator' })]));
    expect(await screen.findByRole('button', { name: 'Enrolled' })).toBeDisabled();
    const other = screen.getByRole('heading', { name: 'NBFC Incubator' }).closest('article')!;
    expect(within(other).getByRole('link', { name: 'Enroll Now' })).toHaveAttribute('href', '/payment/program/2');
  });

  it('shows the checkout success flash after the move from checkout', async () => {
    const { router } = renderApp('/', { routes: { [PROGRAMS]: ok([program()]) } });
    await router.navigate('/programs', { state: { flash: MESSAGES.checkoutSuccess } });
    await expectSuccessNotice(MESSAGES.checkoutSuccess);
  });
});

describe('Faculty', () => {
  it('loads featured faculty and shows every card field', async () => {
    const { api } = renderApp('/faculty', { routes: { [`GET ${API.faculty.list}`]: ok([faculty()]) } });
    const card = (await screen.findByRole('heading', { name: 'Rajesh Iyer' })).closest('article')!;
    expect(api.callsTo(`GET ${API.faculty.list}`)[0]!.query.get('featured')).toBe('true');
    const c = within(card);
    expect(c.getByText('RI')).toBeInTheDocument();
    expect(c.getByText('Corporate credit')).toBeInTheDocument();
    expect(c.getByText('18 years of experience')).toBeInTheDocument();
    expect(c.getByText('Former credit head.')).toBeInTheDocument();
    expect(c.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['HDFC Bank', 'CRISIL', 'ICICI Bank']);
    expect(c.getByText('Featured')).toBeInTheDocument();
    const link = c.getByRole('link', { name: /LinkedIn/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('shows the error text', async () => {
    renderApp('/faculty', { routes: { [`GET ${API.faculty.list}`]: serverError } });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.facultyLoadFailed);
  });
});
