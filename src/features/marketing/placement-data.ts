/** The Placement page's own content (spec section 2), apart from data.ts so the home page's chunk does not carry it. */

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
