/**
 * Static marketing content (spec sections 1 and 2). No placement figure is typed here: placed students,
 * salaries and hiring partners come from the placement record (decision record 070, docs/deviations.md).
 */

/** The two fixed figures that are not placement outcomes: a service every student gets, and the faculty. */
export const IMPACT = [
  { value: '100%', label: 'Students offered placement assistance' },
  { value: '15+', label: 'Years of faculty experience' },
] as const;

export const BENEFITS = [
  {
    icon: '🎓',
    title: 'Industry-Designed Curriculum',
    text: 'Programs built with credit heads of banks and rating agencies, not textbook theory.',
  },
  {
    icon: '📊',
    title: 'Live Credit Cases',
    text: 'Work on real credit appraisal notes, financial spreads and rating rationales.',
  },
  {
    icon: '👩‍🏫',
    title: 'Practitioner Faculty',
    text: 'Learn from bankers and analysts with 15+ years of experience in credit markets.',
  },
  {
    icon: '🤝',
    title: '100% Placement Assistance',
    text: 'Resume reviews, mock credit committees and introductions to the employers who hire our graduates.',
  },
  {
    icon: '💼',
    title: 'Career Outcomes',
    text: 'Our graduates start as credit and research analysts: see the placement record, batch by batch.',
  },
  {
    icon: '🕒',
    title: 'Flexible Formats',
    text: 'Weekend cohorts, short courses and corporate training for working professionals.',
  },
] as const;
