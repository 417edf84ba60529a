/** Static marketing content (spec sections 1 and 2). The figures are the spec's fixed claims. */

export const IMPACT = [
  { value: '500+', label: 'Students placed' },
  { value: '100%', label: 'Placement assistance' },
  { value: '6-8L', label: 'Average salary per year (₹ lakh)' },
  { value: '50+', label: 'Hiring partners' },
  { value: '15+', label: 'Years of faculty experience' },
] as const;

export type Partner = { name: string; category: 'Bank' | 'Rating Agency' | 'NBFC' };

/** Banks, rating agencies and one NBFC; the Placement page lists all eight. */
export const PARTNERS: Partner[] = [
  { name: 'HDFC Bank', category: 'Bank' },
  { name: 'ICICI Bank', category: 'Bank' },
  { name: 'Axis Bank', category: 'Bank' },
  { name: 'Kotak Mahindra Bank', category: 'Bank' },
  { name: 'CRISIL', category: 'Rating Agency' },
  { name: 'ICRA', category: 'Rating Agency' },
  { name: 'CARE Ratings', category: 'Rating Agency' },
  { name: 'Bajaj Finance', category: 'NBFC' },
];

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
    text: 'Resume reviews, mock credit committees and introductions to 50+ hiring partners.',
  },
  {
    icon: '💼',
    title: 'Career Outcomes',
    text: 'Our graduates start at an average of ₹6-8 lakh per year as credit and research analysts.',
  },
  {
    icon: '🕒',
    title: 'Flexible Formats',
    text: 'Weekend cohorts, short courses and corporate training for working professionals.',
  },
] as const;
