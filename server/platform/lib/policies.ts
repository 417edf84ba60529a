import fs from 'node:fs';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import { POLICY_SLUGS, type Policy, type PolicySlug } from '../../../contract/privacy.ts';
import type { Config } from '../../config.ts';

/**
 * The policy pages (privacy notice, terms, refund, delivery, grievance): Markdown files the institute edits
 * in content/policies/, with `{{NAME}}` placeholders filled from configuration (the grievance officer,
 * the institute's contact details, the notice version, the retention periods). Rendered with markdown-it
 * with raw HTML off, so a file (or a configured value) cannot inject markup or script: `<` in the text is
 * escaped, and links are limited to markdown-it's safe schemes (no javascript:, vbscript:, data: other
 * than images). Files are read once per process; a restart picks up an edit.
 */
const POLICY_DIR = path.resolve(import.meta.dirname, '..', '..', '..', 'content', 'policies');
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

const sources = new Map<PolicySlug, string>();
function source(slug: PolicySlug): string {
  let text = sources.get(slug);
  if (text === undefined) {
    text = fs.readFileSync(path.join(POLICY_DIR, `${slug}.md`), 'utf8');
    sources.set(slug, text);
  }
  return text;
}

/** The values a policy's placeholders stand for. */
export function policyFacts(config: Pick<Config, 'privacy' | 'institute'>): Record<string, string> {
  const { privacy, institute } = config;
  const unset = '(not yet published)';
  return {
    NOTICE_VERSION: privacy.noticeVersion || unset,
    INSTITUTE_NAME: institute.legalName || 'the institute',
    INSTITUTE_EMAIL: institute.email || unset,
    INSTITUTE_PHONE: institute.phone || unset,
    INSTITUTE_ADDRESS: institute.address || unset,
    GRIEVANCE_OFFICER_NAME: privacy.grievanceOfficer.name || unset,
    GRIEVANCE_OFFICER_EMAIL: privacy.grievanceOfficer.email || unset,
    GRIEVANCE_OFFICER_PHONE: privacy.grievanceOfficer.phone || unset,
    GRIEVANCE_OFFICER_ADDRESS: privacy.grievanceOfficer.address || unset,
    COUNSELING_RETENTION_MONTHS: String(privacy.counselingRetentionMonths),
    OUTBOX_RETENTION_DAYS: String(privacy.outboxBodyRetentionDays),
  };
}

/** Markdown to safe HTML, placeholders filled (a value is inserted as text: Markdown in it is escaped). */
export function renderPolicyMarkdown(text: string, facts: Record<string, string>): { title: string; html: string } {
  const filled = text.replace(/\{\{([A-Z_]+)\}\}/g, (whole, name: string) =>
    name in facts ? facts[name]!.replace(/[\\`*_[\]<>|#]/g, (c) => `\\${c}`) : whole,
  );
  const title = /^#\s+(.+)$/m.exec(filled)?.[1]?.trim() ?? '';
  return { title, html: markdown.render(filled) };
}

export const isPolicySlug = (slug: string): slug is PolicySlug => (POLICY_SLUGS as readonly string[]).includes(slug);

export function loadPolicy(slug: PolicySlug, config: Pick<Config, 'privacy' | 'institute'>): Policy {
  const { title, html } = renderPolicyMarkdown(source(slug), policyFacts(config));
  return { slug, title, version: config.privacy.noticeVersion, html };
}
