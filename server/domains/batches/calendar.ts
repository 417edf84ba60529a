import { createHmac } from 'node:crypto';
import { sameText } from '../../platform/lib/same-text.ts';
import type { BatchRow, BatchSessionRow } from '../../platform/db/schema.ts';
import { IST_TIME_ZONE } from '../../../contract/time.ts';
import { DELIVERY_PATHS } from '../../../contract/index.ts';

/**
 * The enrollment's calendar feed (RFC 5545, decision record 044). The secret URL carries
 * `<enrollment>.<generation>.<mac>`: an HMAC-SHA256 of the enrollment and its calendar generation under a
 * key derived from the server's secret. Nothing secret is stored: a database copy cannot rebuild a feed
 * URL, and a reset (generation + 1) makes every earlier URL answer 404.
 */

export function createCalendarTokens(serverSecret: string) {
  const key = createHmac('sha256', serverSecret).update('calendar-feed-v1').digest();
  const mac = (enrollmentId: number, generation: number) =>
    createHmac('sha256', key).update(`${enrollmentId}.${generation}`).digest('base64url').slice(0, 32);
  const tokenOf = (enrollmentId: number, generation: number) =>
    `${enrollmentId}.${generation}.${mac(enrollmentId, generation)}`;
  return {
    /** The feed's secret URL on `site` (the address the caller reached us by, or PUBLIC_BASE_URL in an email). */
    url: (site: string, enrollmentId: number, generation: number) =>
      site + DELIVERY_PATHS.calendarFeed(tokenOf(enrollmentId, generation)),
    /** The enrollment and generation a token names, when its MAC is right; else null. */
    read(token: string): { enrollmentId: number; generation: number } | null {
      const match = /^(\d{1,12})\.(\d{1,9})\.([A-Za-z0-9_-]{32})$/.exec(token);
      if (!match) return null;
      const enrollmentId = Number(match[1]);
      const generation = Number(match[2]);
      return sameText(mac(enrollmentId, generation), match[3]!) ? { enrollmentId, generation } : null;
    },
  };
}

/** RFC 5545 3.3.5: a UTC date-time, 20261201T133000Z. */
export const icsDateTime = (ms: number): string =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** RFC 5545 3.3.11: TEXT escapes backslash, semicolon, comma and line breaks. */
export const icsText = (value: string): string =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/**
 * RFC 5545 3.1: content lines end with CRLF and are folded at 75 octets (a CRLF then one space), never
 * inside a UTF-8 character.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = parts.length === 0 ? 75 : 74; // continuation lines begin with the space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export type FeedInput = {
  /** The institute's name (INSTITUTE_LEGAL_NAME), in PRODID. */
  institute: string;
  calendarName: string;
  host: string;
  courseUrl: string;
  batch: BatchRow;
  sessions: BatchSessionRow[];
  now: number;
};

/** The VCALENDAR of a batch's sessions: one VEVENT per session, its UID stable across moves. */
export function calendarFeed({ institute, calendarName, host, courseUrl, batch, sessions, now }: FeedInput): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    // RFC 5545 3.7.3: the product that made the feed, as a formal public identifier: the institute's.
    `PRODID:-//${icsText((institute || 'Institute').replace(/\/\//g, '/'))}//Course calendar//EN`,
    'CALSCALE:GREGORIAN',
    `X-WR-CALNAME:${icsText(calendarName)}`,
    `X-WR-TIMEZONE:${IST_TIME_ZONE}`,
  ];
  for (const session of sessions) {
    const start = Date.parse(session.starts_at);
    const location = session.location || batch.location || (batch.mode === 'online' ? 'Online' : '');
    lines.push(
      'BEGIN:VEVENT',
      `UID:session-${session.id}@${host}`,
      `DTSTAMP:${icsDateTime(now)}`,
      `LAST-MODIFIED:${icsDateTime(Date.parse(session.updated_at))}`,
      `DTSTART:${icsDateTime(start)}`,
      `DTEND:${icsDateTime(start + session.duration_minutes * 60_000)}`,
      `SUMMARY:${icsText(`${session.title} (${batch.name})`)}`,
      ...(location ? [`LOCATION:${icsText(location)}`] : []),
      `URL:${courseUrl}`,
      `DESCRIPTION:${icsText(`Live class of ${batch.name}. The join link opens 30 minutes before the start on the course page: ${courseUrl}`)}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
