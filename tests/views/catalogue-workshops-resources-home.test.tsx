import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PLACEMENT_PATHS } from '../../contract/placement-paths.ts';
import { API, MESSAGES } from '../../contract/index.ts';
import { ok, serverError } from './support/fake-api.ts';
import { resource, story, student, workshop } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';
describe('Workshops', () => {
  const routes = {
    [`GET ${API.workshops.list}`]: (request: { query: URLSearchParams }) => {
      if (request.query.get('upcoming') === 'true') return ok([workshop()]);
      if (request.query.get('is_free') === 'true')
        return ok([workshop({ id: 6, title: 'Free Intro', price: 0, is_free: true, is_live: false })]);
      return ok([]);
    },
  };

  it('Upcoming is the default tab and shows every card field', async () => {
    renderApp('/workshops', { routes });
    expect(await screen.findByRole('tab', { name: 'Upcoming' })).toHaveAttribute('aria-selected', 'true');
    const card = (await screen.findByRole('heading', { name: 'Reading a Credit Memo' })).closest('article')!;
    const c = within(card);
    expect(c.getByText('Live')).toBeInTheDocument();
    expect(c.getByText('A two-hour walkthrough.')).toBeInTheDocument();
    expect(c.getByText('Priya Venkataraman')).toBeInTheDocument();
    expect(c.getByText('2 hours')).toBeInTheDocument();
    expect(c.getByText('₹1,500')).toBeInTheDocument();
    expect(c.getByText('12/40')).toBeInTheDocument();
    expect(c.getByRole('link', { name: 'Enroll Now' })).toHaveAttribute('href', '/payment/workshop/5');
    // Times are India Standard Time, and say so.
    expect(c.getByText(/ IST$/)).toBeInTheDocument();
  });

  it('shows Completed for a workshop that has begun and Sold out for a full one, never Enroll Now', async () => {
    renderApp('/workshops', {
      routes: {
        [`GET ${API.workshops.list}`]: ok([
          workshop({ id: 7, title: 'Last Month', date: '2026-01-10T10:30:00.000Z' }),
          workshop({ id: 8, title: 'Full House', current_participants: 40, max_participants: 40 }),
        ]),
      },
    });
    const past = within((await screen.findByRole('heading', { name: 'Last Month' })).closest('article')!);
    expect(past.getByRole('button', { name: 'Completed' })).toBeDisabled();
    expect(past.getByText('10 Jan 2026, 4:00 pm IST')).toBeInTheDocument();
    const full = within(screen.getByRole('heading', { name: 'Full House' }).closest('article')!);
    expect(full.getByRole('button', { name: 'Sold out' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Enroll Now' })).not.toBeInTheDocument();
  });

  it('each tab loads its own data, with its own empty text', async () => {
    const { user, api } = renderApp('/workshops', { routes });
    await screen.findByRole('heading', { name: 'Reading a Credit Memo' });
    await user.click(screen.getByRole('tab', { name: 'Past Events' }));
    expect(await screen.findByText(MESSAGES.workshopsEmptyPast)).toBeInTheDocument();
    expect(api.callsTo(`GET ${API.workshops.list}`).at(-1)!.query.get('past')).toBe('true');
    await user.click(screen.getByRole('tab', { name: 'Free Workshops' }));
    const card = (await screen.findByRole('heading', { name: 'Free Intro' })).closest('article')!;
    expect(within(card).getAllByText('Free')).toHaveLength(2);
    expect(api.callsTo(`GET ${API.workshops.list}`).at(-1)!.query.get('is_free')).toBe('true');
  });

  it('shows the upcoming and free empty texts and the error text', async () => {
    const { user, api } = renderApp('/workshops', { routes: { [`GET ${API.workshops.list}`]: ok([]) } });
    expect(await screen.findByText(MESSAGES.workshopsEmptyUpcoming)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Free Workshops' }));
    expect(await screen.findByText(MESSAGES.workshopsEmptyFree)).toBeInTheDocument();
    api.on(`GET ${API.workshops.list}`, serverError);
    await user.click(screen.getByRole('tab', { name: 'Upcoming' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.workshopsLoadFailed);
  });

  it('arrow keys move between tabs', async () => {
    const { user } = renderApp('/workshops', { routes });
    await screen.findByRole('heading', { name: 'Reading a Credit Memo' });
    screen.getByRole('tab', { name: 'Upcoming' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Past Events' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Past Events' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('Resources', () => {
  const items = [
    resource(),
    resource({ id: 2, title: 'Credit Podcast', resource_type: 'podcast', external_url: null, file: '/files/ep1.mp3' }),
  ];

  it('shows the seven chips, the cards and the category explainer', async () => {
    const { user, api } = renderApp('/resources', { routes: { [`GET ${API.resources.list}`]: ok(items) } });
    await screen.findByRole('heading', { name: 'CMA Data Template' });
    for (const chip of ['All', 'Case Studies', 'Templates', 'Articles', 'Podcasts', 'Videos', 'Whitepapers']) {
      expect(screen.getByRole('button', { name: chip })).toBeInTheDocument();
    }
    const card = (await screen.findByRole('heading', { name: 'CMA Data Template' })).closest('article')!;
    expect(within(card).getByText('By Rajesh Iyer')).toBeInTheDocument();
    expect(within(card).getByText('Template')).toBeInTheDocument();
    const download = within(card).getByRole('link', { name: /Download Resource/ });
    expect(download).toHaveAttribute('href', 'https://example.in/cma.xlsx');
    expect(download).toHaveAttribute('target', '_blank');
    expect(api.callsTo(`GET ${API.resources.list}`)[0]!.query.get('featured')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Podcasts' }));
    expect(screen.queryByRole('heading', { name: 'CMA Data Template' })).not.toBeInTheDocument();
    const podcast = screen.getByRole('heading', { name: 'Credit Podcast' }).closest('article')!;
    expect(within(podcast).getByRole('link', { name: /Download Resource/ })).toHaveAttribute('href', '/files/ep1.mp3');
    expect(screen.getByRole('heading', { name: 'Resource categories' })).toBeInTheDocument();
  });

  it('shows the error text', async () => {
    renderApp('/resources', { routes: { [`GET ${API.resources.list}`]: serverError } });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.resourcesLoadFailed);
  });
});

describe('Placement, Home and About', () => {
  it('Placement shows the record’s figures, featured success stories, the partners with verified offers and six services', async () => {
    const { api } = renderApp('/placement', { routes: { [`GET ${API.successStories.list}`]: ok([story()]) } });
    const card = (await screen.findByRole('heading', { name: 'Ananya Rao' })).closest('article')!;
    expect(within(card).getByText('A')).toBeInTheDocument();
    expect(within(card).getByText('Credit Analyst at CRISIL')).toBeInTheDocument();
    // The CTC from the verified offer, and the course beside the story (decision record 079).
    expect(within(card).getByText('Annual CTC (verified offer): ₹8,50,000')).toBeInTheDocument();
    expect(within(card).getByText('Credit Analyst Foundation Program (12 weeks)')).toBeInTheDocument();
    expect(within(card).getByText('Paid course, fee ₹45,000')).toBeInTheDocument();
    expect(api.callsTo(`GET ${API.successStories.list}`)[0]!.query.get('featured')).toBe('true');
    const partners = (await screen.findByRole('heading', { name: 'Our placement partners' })).parentElement!;
    expect(
      within(partners)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['HDFC BankBank', 'CRISILRating Agency', 'Bajaj FinanceNBFC']);
    const record = screen.getByRole('heading', { name: 'Our placement record' }).parentElement!;
    expect(within(record).getByText('84 of 112')).toBeInTheDocument();
    expect(within(record).getByText('₹6.4 lakh')).toBeInTheDocument();
    expect(record).toHaveTextContent('batches ending 2024–2026');
    expect(record).toHaveTextContent('as of 1 Nov 2026');
    expect(within(record).getByRole('link', { name: 'How we count' })).toHaveAttribute(
      'href',
      '/placement/methodology',
    );
    expect(api.callsTo(`GET ${PLACEMENT_PATHS.summary}`)).toHaveLength(1);
    for (const service of [
      'Career Coach',
      'Resume and Interview Prep',
      'Mock Credit Committee',
      'Networking Events',
      'Direct Placement Assistance',
      'Salary Negotiation',
    ]) {
      expect(screen.getByRole('heading', { name: service })).toBeInTheDocument();
    }
  });

  it('Placement shows the featured testimonials as administrators manage them, and their own error text', async () => {
    const { api } = renderApp('/placement', {
      routes: {
        [`GET ${API.successStories.list}`]: ok([story()]),
        [`GET ${API.testimonials.list}`]: ok([
          {
            id: 3,
            title: 'Practical, not theoretical',
            name: 'Rohit Menon',
            description: 'Real loan files.',
            is_featured: true,
          },
        ]),
      },
    });
    const section = (await screen.findByRole('heading', { name: 'What our students say' })).closest('section')!;
    const card = within(section).getByRole('figure', { name: 'Practical, not theoretical' });
    expect(within(card).getByText('Real loan files.')).toBeInTheDocument();
    expect(within(card).getByText('— Rohit Menon')).toBeInTheDocument();
    expect(api.callsTo(`GET ${API.testimonials.list}`)[0]!.query.get('featured')).toBe('true');
  });

  it('Placement says when the testimonials failed to load, and loads them again on Try again', async () => {
    const { api, user } = renderApp('/placement', {
      routes: { [`GET ${API.successStories.list}`]: ok([story()]), [`GET ${API.testimonials.list}`]: serverError },
    });
    const section = (await screen.findByRole('heading', { name: 'What our students say' })).closest('section')!;
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Failed to load testimonials. Please try again.',
    );
    api.on(`GET ${API.testimonials.list}`, ok([]));
    await user.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByText('No testimonials to show yet.')).toBeInTheDocument();
  });

  it('Placement shows the success stories error text', async () => {
    renderApp('/placement', {
      routes: { [`GET ${API.successStories.list}`]: serverError, [`GET ${API.testimonials.list}`]: ok([]) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.successStoriesLoadFailed);
  });

  it('Home shows a visitor the three buttons, six benefits, partners with categories and the impact numbers', async () => {
    renderApp('/');
    const hero = (await screen.findByRole('heading', { name: 'From Classroom to Credit Markets' })).closest('section')!;
    expect(within(hero).getByRole('link', { name: 'Explore Programs' })).toHaveAttribute('href', '/programs');
    expect(within(hero).getByRole('link', { name: 'Apply Now' })).toHaveAttribute('href', '/login');
    expect(within(hero).getByRole('link', { name: 'Book Free Counseling' })).toHaveAttribute('href', '/contact');
    const benefits = (await screen.findByRole('heading', { name: 'Why learn with us' })).parentElement!;
    expect(within(benefits).getAllByRole('listitem')).toHaveLength(6);
    // The partners and the placement figures come from the record (GET /classroom/placement/summary/), never
    // typed in: they show once its answer is here, after the benefits.
    expect((await screen.findAllByText('Rating Agency')).length).toBeGreaterThan(0);
    expect(await screen.findByText('NBFC')).toBeInTheDocument();
    for (const figure of ['84 of 112', '₹6.4 lakh', '3', '100%', '15+'])
      expect(await screen.findByText(figure)).toBeInTheDocument();
  });

  it('Home shows a student a single button to the dashboard', async () => {
    renderApp('/', { user: student });
    const hero = (await screen.findByRole('heading', { name: 'From Classroom to Credit Markets' })).closest('section')!;
    await waitFor(() => expect(within(hero).getAllByRole('link')).toHaveLength(1));
    expect(within(hero).getByRole('link')).toHaveAttribute('href', '/dashboard');
  });

  it('About shows mission, vision, reasons, impact and founders', async () => {
    renderApp('/about');
    for (const heading of ['Our mission', 'Our vision', 'Why choose us', 'Our impact', 'Our founders']) {
      expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    }
  });
});
