import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGES } from '../../server/platform/lib/public-pages.ts';
import {
  BASE,
  ctx,
  decode,
  headOf,
  jsonLd,
  page,
  rootText,
  titleOf,
  useServerRenderingApp,
} from './support/server-rendering-app.ts';

/**
 * The first HTML of every public page, read as a crawler reads it (no JavaScript): its content from the
 * database, its head (title, description, canonical, Open Graph, Twitter, JSON-LD) and the embedded
 * data the SPA hydrates from, which must be exactly what the API answers.
 */

useServerRenderingApp();

const metaContent = (html: string, attr: 'name' | 'property', key: string) =>
  decode(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(headOf(html))?.[1] ?? '');
const HEADINGS: Record<(typeof PUBLIC_PAGES)[number], string> = {
  '/': 'From Classroom to Credit Markets',
  '/programs': 'Programs',
  '/faculty': 'Our Faculty',
  '/about': 'About us',
  '/workshops': 'Workshops',
  '/placement': 'Placement',
  '/placement/methodology': 'How we count placements',
  '/resources': 'Resource Library',
  '/login': 'Login',
  '/register': 'Create your student account',
  '/contact': 'Book Free Counseling',
  '/privacy': 'Privacy notice',
  '/terms': 'Terms of use',
  '/refund-policy': 'Refund policy',
  '/delivery-policy': 'Delivery policy',
  '/grievance': 'Grievance officer',
};

describe('every public page, without JavaScript', () => {
  it('links the policy pages from its footer; the grievance page names the configured officer and the 90 days', async () => {
    for (const route of ['/', '/programs', '/contact', '/privacy']) {
      const { html } = await page(route);
      for (const link of ['/privacy', '/terms', '/refund-policy', '/delivery-policy', '/grievance', '/contact']) {
        expect(html, `${route} → ${link}`).toContain(`href="${link}"`);
      }
    }
    const text = rootText((await page('/grievance')).html);
    const officer = ctx.config.privacy.grievanceOfficer;
    for (const fact of [officer.name, officer.email, officer.phone, officer.address]) expect(text).toContain(fact);
    expect(text).toContain('resolve it within 90 days');
    expect(rootText((await page('/privacy')).html)).toContain(`Version ${ctx.config.privacy.noticeVersion}`);
  });

  it('has its heading, a unique title and description, canonical, Open Graph, Twitter and the institute', async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const route of PUBLIC_PAGES) {
      const { status, html, headers } = await page(route);
      expect(status, route).toBe(200);
      expect(headers['x-robots-tag'], route).toBeUndefined();
      expect(html, route).toMatch(new RegExp(`<h1[^>]*>${HEADINGS[route]}</h1>`));
      // One title and one description, the page's own.
      expect(html.match(/<title>/g), route).toHaveLength(1);
      expect(html.match(/<meta name="description"/g), route).toHaveLength(1);
      expect(html).not.toContain('Default description.');
      const title = titleOf(html);
      const description = metaContent(html, 'name', 'description');
      expect(title).toContain('Credit Careers Institute');
      expect(description.length, route).toBeGreaterThan(50);
      expect(description.length, route).toBeLessThanOrEqual(160);
      titles.add(title);
      descriptions.add(description);
      const url = `${BASE}${route}`;
      expect(headOf(html), route).toContain(`<link rel="canonical" href="${url}" />`);
      expect(metaContent(html, 'property', 'og:url')).toBe(url);
      expect(metaContent(html, 'property', 'og:title')).toBe(title);
      expect(metaContent(html, 'property', 'og:description')).toBe(description);
      expect(metaContent(html, 'property', 'og:type')).toBe('website');
      expect(metaContent(html, 'name', 'twitter:card')).toBe('summary');
      expect(metaContent(html, 'name', 'twitter:title')).toBe(title);
      const org = jsonLd(html).find((d) => d['@type'] === 'EducationalOrganization');
      expect(org, route).toMatchObject({
        '@context': 'https://schema.org',
        name: 'Credit Careers Institute',
        url: `${BASE}/`,
      });
    }
    expect(titles.size).toBe(PUBLIC_PAGES.length);
    expect(descriptions.size).toBe(PUBLIC_PAGES.length);
  });
});
