import type { NotifyEvent } from '../../../contract/notifications.ts';

/**
 * The message templates (decision record 073): each approved once, by Meta for WhatsApp (a name, a
 * language, a body with {{1}}, {{2}}…) and on the DLT platform for SMS (a template id, the text with
 * {#var#} for free text and {#url#} for a whitelisted link). seed.ts registers them in message_templates;
 * the sandbox approves the same list. A message goes out only through a registered template whose
 * filled text matches the approved text and whose links stay on the institute's own domains.
 */
export type TemplateDef = {
  event: NotifyEvent;
  variables: string[];
  whatsapp: { name: string; text: string };
  sms: { dltId: string; text: string };
  promotional?: boolean;
};

const LINK = 'link';
export const TEMPLATES: TemplateDef[] = [
  {
    event: 'session_reminder',
    variables: ['name', 'title', 'when', LINK],
    whatsapp: { name: 'class_reminder_v1', text: 'Hi {{1}}, your class "{{2}}" starts {{3}} IST. Details: {{4}}' },
    sms: {
      dltId: '1107170000000000001',
      text: 'Dear {#var#}, your class {#var#} starts {#var#} IST. Details: {#url#} - CCINST',
    },
  },
  {
    event: 'batch_joined',
    variables: ['name', 'batch', 'starts', LINK],
    whatsapp: { name: 'batch_joined_v1', text: 'Hi {{1}}, you are in the batch {{2}}, starting {{3}}. Classes: {{4}}' },
    sms: {
      dltId: '1107170000000000002',
      text: 'Dear {#var#}, you are enrolled in {#var#} starting {#var#}. Classes: {#url#} - CCINST',
    },
  },
  ...(['before', 'due', 'suspended'] as const).map((kind, i): TemplateDef => ({
    event: `instalment_${kind}`,
    variables: ['name', 'number', 'amount', 'due', LINK],
    whatsapp: {
      name: `instalment_${kind}_v1`,
      text:
        kind === 'suspended'
          ? 'Hi {{1}}, instalment {{2}} of Rs {{3}} (due {{4}}) is unpaid and access is paused. Pay: {{5}}'
          : 'Hi {{1}}, instalment {{2}} of Rs {{3}} is due on {{4}}. Pay: {{5}}',
    },
    sms: {
      dltId: `110717000000000001${i}`,
      text:
        kind === 'suspended'
          ? 'Dear {#var#}, instalment {#var#} of Rs {#var#} due {#var#} is unpaid; access is paused. Pay: {#url#} - CCINST'
          : 'Dear {#var#}, instalment {#var#} of Rs {#var#} is due on {#var#}. Pay: {#url#} - CCINST',
    },
  })),
  {
    event: 'payment_completed',
    variables: ['name', 'amount', 'course', LINK],
    whatsapp: { name: 'payment_received_v1', text: 'Hi {{1}}, we received Rs {{2}} for {{3}}. Invoice: {{4}}' },
    sms: {
      dltId: '1107170000000000020',
      text: 'Dear {#var#}, we received Rs {#var#} for {#var#}. Invoice: {#url#} - CCINST',
    },
  },
  {
    event: 'refund',
    variables: ['name', 'amount', 'course', LINK],
    whatsapp: {
      name: 'refund_issued_v1',
      text: 'Hi {{1}}, a refund of Rs {{2}} for {{3}} is on its way. Details: {{4}}',
    },
    sms: {
      dltId: '1107170000000000021',
      text: 'Dear {#var#}, a refund of Rs {#var#} for {#var#} is on its way. Details: {#url#} - CCINST',
    },
  },
  {
    event: 'assignment_graded',
    variables: ['name', 'assignment', LINK],
    whatsapp: { name: 'assignment_graded_v1', text: 'Hi {{1}}, your assignment "{{2}}" is graded. See it: {{3}}' },
    sms: {
      dltId: '1107170000000000030',
      text: 'Dear {#var#}, your assignment {#var#} is graded. See it: {#url#} - CCINST',
    },
  },
  {
    event: 'certificate_issued',
    variables: ['name', 'program', LINK],
    whatsapp: { name: 'certificate_issued_v1', text: 'Hi {{1}}, your certificate for {{2}} is ready: {{3}}' },
    sms: {
      dltId: '1107170000000000031',
      text: 'Dear {#var#}, your certificate for {#var#} is ready: {#url#} - CCINST',
    },
  },
  {
    event: 'announcement',
    variables: ['batch', 'title', LINK],
    whatsapp: { name: 'batch_announcement_v1', text: 'New announcement for {{1}}: "{{2}}". Read it: {{3}}' },
    sms: { dltId: '1107170000000000040', text: 'New announcement for {#var#}: {#var#}. Read it: {#url#} - CCINST' },
  },
];

/** DLT's limit on one {#var#} (characters). */
const DLT_VAR_MAX = 30;
const URL_PATTERN = /https?:\/\/[^\s"'<>]+/gi;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function linkAllowed(url: string, hosts: string[]): boolean {
  try {
    const parsed = new URL(url);
    return ['http:', 'https:'].includes(parsed.protocol) && hosts.includes(parsed.host.toLowerCase());
  } catch {
    return false;
  }
}

export type Checked = { ok: true; text: string } | { ok: false; reason: string };

/**
 * Fills an approved text with the values and checks the result: as many values as variables, none with a
 * line break or tab (Meta refuses them; they would change the DLT text), a DLT {#var#} at most 30
 * characters, every link (in a {#url#} or anywhere in the text) on one of `hosts`, and the filled text
 * matching the approved one with each variable as its only free part.
 */
export function fillAndCheck(
  channel: 'whatsapp' | 'sms',
  approved: string,
  values: string[],
  hosts: string[],
): Checked {
  const slots =
    channel === 'whatsapp' ? [...approved.matchAll(/\{\{(\d+)\}\}/g)] : [...approved.matchAll(/\{#(var|url)#\}/g)];
  if (slots.length !== values.length) {
    return { ok: false, reason: `the template has ${slots.length} variables, the message ${values.length}` };
  }
  for (const [i, value] of values.entries()) {
    if (!value.trim()) return { ok: false, reason: `variable ${i + 1} is empty` };
    if (/[\n\r\t]/.test(value)) return { ok: false, reason: `variable ${i + 1} has a line break or tab` };
    if (channel === 'sms' && slots[i]![1] === 'var' && value.length > DLT_VAR_MAX) {
      return { ok: false, reason: `variable ${i + 1} is longer than DLT's ${DLT_VAR_MAX} characters` };
    }
    if (channel === 'sms' && slots[i]![1] === 'url' && !linkAllowed(value, hosts)) {
      return { ok: false, reason: `variable ${i + 1} is not a link to the institute's domains` };
    }
  }
  let n = 0;
  const text =
    channel === 'whatsapp'
      ? approved.replace(/\{\{(\d+)\}\}/g, (_m, k: string) => values[Number(k) - 1] ?? '')
      : approved.replace(/\{#(?:var|url)#\}/g, () => values[n++] ?? '');
  for (const url of text.match(URL_PATTERN) ?? []) {
    if (!linkAllowed(url.replace(/[.,;:!?)]+$/, ''), hosts))
      return { ok: false, reason: `it links outside the institute: ${url}` };
  }
  const pattern = approved
    .split(channel === 'whatsapp' ? /\{\{\d+\}\}/ : /\{#(?:var|url)#\}/)
    .map(escapeRegExp)
    .join('[^\\n\\r\\t]+');
  if (!new RegExp(`^${pattern}$`).test(text))
    return { ok: false, reason: 'the filled text does not match the approved text' };
  return { ok: true, text };
}

/** The rows message_templates holds: each event's WhatsApp and SMS template. */
export const templateRows = (createdAt: string) =>
  TEMPLATES.flatMap((t) => [
    {
      event: t.event,
      channel: 'whatsapp',
      provider_name: t.whatsapp.name,
      language: 'en',
      approved_text: t.whatsapp.text,
      variables: JSON.stringify(t.variables),
      promotional: t.promotional ? 1 : 0,
      created_at: createdAt,
    },
    {
      event: t.event,
      channel: 'sms',
      provider_name: t.sms.dltId,
      language: 'en',
      approved_text: t.sms.text,
      variables: JSON.stringify(t.variables),
      promotional: t.promotional ? 1 : 0,
      created_at: createdAt,
    },
  ]);
