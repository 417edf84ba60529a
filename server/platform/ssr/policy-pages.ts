import { pageTitle } from '../../../contract/page-titles.ts';
import { POLICY_SLUGS, type PolicySlug } from '../../../contract/privacy.ts';
import { preloadPolicyKey } from '../../../src/features/privacy/preload-keys.ts';
import type { Config } from '../../config.ts';
import { loadPolicy } from '../lib/policies.ts';

export const POLICY_PAGE_TEXT: Record<string, { title: string; description: string }> = {
  '/privacy': {
    title: pageTitle('/privacy')!,
    description: 'What personal data we collect, why, how long we keep it, who we share it with, and your rights.',
  },
  '/terms': { title: pageTitle('/terms')!, description: 'The terms of using this website and buying a course.' },
  '/refund-policy': {
    title: pageTitle('/refund-policy')!,
    description: 'When and how programs and workshops are refunded, and how long a refund takes.',
  },
  '/delivery-policy': {
    title: pageTitle('/delivery-policy')!,
    description: 'How and when you get access to a program or workshop after paying.',
  },
  '/grievance': {
    title: pageTitle('/grievance')!,
    description: 'Contact our grievance officer; every grievance is resolved within 90 days.',
  },
};

/** A policy page's embedded data, or null when the path is not a policy page. */
export function policyPageData(config: Config, pathname: string) {
  const slug = pathname.slice(1);
  if (!(POLICY_SLUGS as readonly string[]).includes(slug)) return null;
  return { status: 200 as const, preloaded: { [preloadPolicyKey(slug)]: loadPolicy(slug as PolicySlug, config) } };
}
