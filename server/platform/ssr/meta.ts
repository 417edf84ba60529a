import type { Program, Workshop } from '../../../contract/index.ts';
import { POLICY_PAGE_TEXT } from './policy-pages.ts';

/**
 * Each page's head for search engines and link previews: a unique title and description, the canonical
 * URL, Open Graph and Twitter card tags, and JSON-LD (the institute on every page; a Course with its
 * Offer in INR per program; an Event per upcoming workshop).
 */
export const SITE_NAME = 'Credit Careers Institute';

type PageText = { title: string; description: string };

export const PAGE_TEXT: Record<string, PageText> = {
  ...POLICY_PAGE_TEXT,
  '/': {
    title: `${SITE_NAME} | Credit analyst, research analyst and NBFC careers in India`,
    description:
      'Job-ready programs for credit analysts, research analysts and NBFC professionals in India, taught by practitioners, with 100% placement assistance.',
  },
  '/programs': {
    title: `Programs and fees | ${SITE_NAME}`,
    description:
      'Career programs in credit analysis, equity research and NBFC management: levels, durations, instructors and fees in rupees.',
  },
  '/faculty': {
    title: `Our faculty | ${SITE_NAME}`,
    description:
      'Meet the practitioners from banks, rating agencies and NBFCs who teach credit analysis and research at the institute.',
  },
  '/about': {
    title: `About us | ${SITE_NAME}`,
    description:
      'Why Credit Careers Institute exists, how we teach credit and finance careers, and the results our students achieve.',
  },
  '/workshops': {
    title: `Workshops and events | ${SITE_NAME}`,
    description:
      'Short, practical workshops on credit analysis, financial modelling and interviews: upcoming dates, seats and fees.',
  },
  '/placement': {
    title: `Placement and success stories | ${SITE_NAME}`,
    description:
      'Placement statistics, hiring partners and the stories of students now working as credit and research analysts.',
  },
  '/placement/methodology': {
    title: `How we count placements | ${SITE_NAME}`,
    description:
      'How every placement figure on this site is computed from verified offers, batch by batch, following the Indian Placement Reporting Standards.',
  },
  '/resources': {
    title: `Resource library | ${SITE_NAME}`,
    description:
      'Free case studies, templates, articles, podcasts, videos and whitepapers for credit and finance professionals.',
  },
  '/login': {
    title: `Log in | ${SITE_NAME}`,
    description: 'Log in to your Credit Careers Institute account to see your courses, payments and workshops.',
  },
  '/register': {
    title: `Create an account | ${SITE_NAME}`,
    description: 'Create a free Credit Careers Institute account to enroll in programs and book workshops.',
  },
  '/contact': {
    title: `Contact us and book free counseling | ${SITE_NAME}`,
    description:
      'Talk to a career counselor at Credit Careers Institute: book a free counseling session or send us a question.',
  },
};

export const NOT_FOUND_TEXT: PageText = {
  title: `Page not found | ${SITE_NAME}`,
  description: 'The page you are looking for does not exist.',
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON for a `<script type="application/ld+json">`: `<` escaped so the text cannot end the element. */
const jsonLd = (data: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

const truncate = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;

function organization(base: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'EducationalOrganization',
    '@id': `${base}/#organization`,
    name: SITE_NAME,
    url: `${base}/`,
    logo: `${base}/favicon.svg`,
    description: PAGE_TEXT['/']!.description,
    address: { '@type': 'PostalAddress', addressCountry: 'IN' },
  };
}

export function courseLd(base: string, program: Program) {
  const url = `${base}/programs/${program.id}`;
  const instructor = program.instructor
    ? { '@type': 'Person', name: `${program.instructor.first_name} ${program.instructor.last_name}` }
    : undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    '@id': url,
    name: program.title,
    description: program.description,
    url,
    provider: { '@type': 'EducationalOrganization', '@id': `${base}/#organization`, name: SITE_NAME },
    offers: {
      '@type': 'Offer',
      category: program.price === 0 ? 'Free' : 'Paid',
      price: program.price,
      priceCurrency: 'INR',
      availability: 'https://schema.org/InStock',
      url,
    },
    hasCourseInstance: {
      '@type': 'CourseInstance',
      courseMode: 'Online',
      courseWorkload: `P${program.duration_weeks}W`,
      ...(instructor ? { instructor } : {}),
    },
  };
}

export function eventLd(base: string, workshop: Workshop) {
  const start = new Date(workshop.date);
  const end = new Date(start.getTime() + workshop.duration_hours * 3_600_000);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: workshop.title,
    description: workshop.description,
    startDate: start.toISOString(),
    endDate: end.toISOString(),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    location: { '@type': 'VirtualLocation', url: `${base}/workshops` },
    organizer: { '@type': 'EducationalOrganization', '@id': `${base}/#organization`, name: SITE_NAME, url: `${base}/` },
    ...(workshop.instructor
      ? { performer: { '@type': 'Person', name: `${workshop.instructor.first_name} ${workshop.instructor.last_name}` } }
      : {}),
    offers: {
      '@type': 'Offer',
      price: workshop.price,
      priceCurrency: 'INR',
      availability:
        workshop.current_participants < workshop.max_participants
          ? 'https://schema.org/InStock'
          : 'https://schema.org/SoldOut',
      url: `${base}/workshops`,
    },
  };
}

export type HeadInput = {
  base: string;
  /** The page's path (canonical); null for a page that does not exist. */
  path: string | null;
  text: PageText;
  programs?: Program[];
  program?: Program;
  workshops?: Workshop[];
};

/** The head elements of a page (title first), as HTML. */
export function headHtml({ base, path, text, programs, program, workshops }: HeadInput): string {
  const title = escapeHtml(text.title);
  const description = escapeHtml(truncate(text.description, 160));
  const tags = [`<title>${title}</title>`, `<meta name="description" content="${description}" />`];
  if (path !== null) {
    const url = escapeHtml(`${base}${path}`);
    tags.push(
      `<link rel="canonical" href="${url}" />`,
      `<meta property="og:type" content="${program ? 'article' : 'website'}" />`,
      `<meta property="og:site_name" content="${SITE_NAME}" />`,
      `<meta property="og:title" content="${title}" />`,
      `<meta property="og:description" content="${description}" />`,
      `<meta property="og:url" content="${url}" />`,
      `<meta property="og:locale" content="en_IN" />`,
      `<meta name="twitter:card" content="summary" />`,
      `<meta name="twitter:title" content="${title}" />`,
      `<meta name="twitter:description" content="${description}" />`,
      jsonLd(organization(base)),
    );
    for (const p of program ? [program] : (programs ?? [])) tags.push(jsonLd(courseLd(base, p)));
    for (const w of workshops ?? []) tags.push(jsonLd(eventLd(base, w)));
  }
  return tags.join('\n    ');
}

/** The title and description of a program's page, from the program. */
export function programText(program: Program): PageText {
  return {
    title: `${program.title} | ${SITE_NAME}`,
    description: `${program.subtitle ? `${program.subtitle}. ` : ''}${program.description}`,
  };
}
