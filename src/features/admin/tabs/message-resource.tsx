import { AdminMessage, MESSAGE_STATUSES, NOTIFY_PATHS } from '../../../../contract/notifications.ts';
import { Badge } from '../../../components/badges.tsx';
import { formatDateTime } from '../../../utils/format.ts';
import type { AdminResource } from './resource-types.ts';

/**
 * The Messages tab (decision records 073 and 074): every WhatsApp, SMS and email message the notifications
 * send, newest first: when (IST), to whom, on which channel, which template, where it stands, and which
 * message it is the fallback of. Numbers come masked from the server. Read-only.
 */
const CHANNELS = { whatsapp: 'WhatsApp', sms: 'SMS', email: 'Email' } as const;

const STATUS_LABELS: Record<(typeof MESSAGE_STATUSES)[number], string> = {
  pending: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
  undelivered: 'Not delivered in time',
  refused: 'Refused (template)',
  cancelled: 'Cancelled',
  unknown: 'Unknown (interrupted)',
};
const STATUS_COLOURS: Record<string, string> = {
  delivered: 'green',
  read: 'green',
  sent: 'blue',
  failed: 'red',
  undelivered: 'red',
  refused: 'red',
  pending: 'amber',
  sending: 'amber',
};

const statusLabel = (status: string) => STATUS_LABELS[status as keyof typeof STATUS_LABELS] ?? status;
const status = (m: AdminMessage) => <Badge colour={STATUS_COLOURS[m.status] ?? 'grey'}>{statusLabel(m.status)}</Badge>;

/** "Batch announcement" from "announcement", "Instalment due" from "instalment_due". */
const templateOf = (event: string) => {
  const words = event.replace(/_/g, ' ');
  return event === 'announcement' ? 'Batch announcement' : words.charAt(0).toUpperCase() + words.slice(1);
};

/** The fallback chain (WhatsApp → SMS → email): SMS only ever follows WhatsApp; email follows either. */
export const fallbackOf = (m: AdminMessage) => {
  if (m.fallback_of === null) return '—';
  if (m.channel === 'sms') return `SMS after WhatsApp failed (message ${m.fallback_of})`;
  return `${CHANNELS[m.channel]} after message ${m.fallback_of} failed`;
};

export const messagesResource: AdminResource<AdminMessage> = {
  key: 'messages',
  label: 'Messages',
  singular: 'Message',
  item: AdminMessage,
  listPath: NOTIFY_PATHS.messages,
  listQuery: {},
  filters: [
    {
      name: 'channel',
      label: 'Channel',
      kind: 'select',
      options: Object.entries(CHANNELS).map(([value, label]) => ({ value, label })),
    },
    {
      name: 'status',
      label: 'Status',
      kind: 'select',
      options: MESSAGE_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })),
    },
  ],
  columns: [
    { label: 'Time (IST)', render: (m) => formatDateTime(m.created_at) },
    { label: 'Student', render: (m) => m.student },
    { label: 'Channel', render: (m) => CHANNELS[m.channel] },
    { label: 'Template', render: (m) => templateOf(m.event) },
    { label: 'Status', render: status },
    { label: 'Fallback', render: fallbackOf },
    { label: 'To', render: (m) => m.to },
  ],
  details: (m) => [
    ['Message', String(m.id)],
    ['Created (IST)', formatDateTime(m.created_at)],
    ['Sent (IST)', m.sent_at ? formatDateTime(m.sent_at) : '—'],
    ['Student', m.student],
    ['Channel', CHANNELS[m.channel]],
    ['To', m.to],
    ['Template', templateOf(m.event)],
    ['Status', status(m)],
    ['Error', m.error ?? '—'],
    ['Fallback', fallbackOf(m)],
  ],
};
