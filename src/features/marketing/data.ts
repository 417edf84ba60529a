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

export const SUPPORT_SERVICES = [
  { icon: '🧭', title: 'Career Coach', text: 'A dedicated coach maps your strengths to credit and research roles.' },
  {
    icon: '📝',
    title: 'Resume and Interview Prep',
    text: 'Resume rewrites and technical interview drills on credit analysis.',
  },
  { icon: '🏛️', title: 'Mock Credit Committee', text: 'Present a credit proposal to a panel of practising bankers.' },
  {
    icon: '🌐',
    title: 'Networking Events',
    text: 'Meet alumni and hiring managers at our quarterly industry evenings.',
  },
  {
    icon: '🎯',
    title: 'Direct Placement Assistance',
    text: 'We introduce you directly to openings at our hiring partners.',
  },
  { icon: '💰', title: 'Salary Negotiation', text: 'Know your market value and negotiate your offer with confidence.' },
] as const;

export const PLACEMENT_STATS = [
  { value: '500+', label: 'Students placed' },
  { value: '100%', label: 'Placement assistance' },
  { value: '6-8L', label: 'Average salary (₹ lakh per year)' },
  { value: '50+', label: 'Hiring partners' },
] as const;
