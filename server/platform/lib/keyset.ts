import { paginate } from './pagination.ts';
import { BusinessError } from './errors.ts';
import type { Paginated } from '../../../contract/index.ts';

/**
 * Keyset pages for the admin Payments and Enrollments lists (decision 047). The lists are newest first by
 * (date, id); `next` and `previous` carry an opaque `cursor` naming the row a page starts after (or ends
 * before), so any page costs one index range read, however deep. `page` still works for the first pages
 * (OFFSET only up to OFFSET_PAGES_MAX rows); beyond that the links are the way.
 */
export type Key = { at: string; id: number };
export type Position = { offset: number } | { after: Key } | { before: Key };

const OFFSET_ROWS_MAX = 10_000;

export function encodeCursor(direction: 'after' | 'before', key: Key): string {
  return Buffer.from(JSON.stringify([direction === 'after' ? 'a' : 'b', key.at, key.id])).toString('base64url');
}

const BAD_CURSOR = 'This page link is no longer valid; reload the list from its first page.';

/** Where a page starts: its cursor, else its page number (refused past OFFSET_ROWS_MAX rows). */
export function positionOf(q: { page: number; page_size: number; cursor?: string }): Position {
  if (q.cursor) {
    try {
      const [d, at, id] = JSON.parse(Buffer.from(q.cursor, 'base64url').toString('utf8')) as unknown[];
      if ((d === 'a' || d === 'b') && typeof at === 'string' && at.length <= 40 && Number.isSafeInteger(id)) {
        return d === 'a' ? { after: { at, id: id as number } } : { before: { at, id: id as number } };
      }
    } catch {
      // falls through to the refusal
    }
    throw new BusinessError(BAD_CURSOR);
  }
  const offset = (q.page - 1) * q.page_size;
  if (offset > OFFSET_ROWS_MAX) {
    throw new BusinessError(
      `Page ${q.page} is too deep to open by number (at most ${OFFSET_ROWS_MAX.toLocaleString('en-IN')} rows in); follow the list's next links, or narrow the filters.`,
    );
  }
  return { offset };
}

/**
 * The answer from `rows` (read with one row more than the page, in the position's order), with
 * next/previous as relative URLs: the request's path and query with `cursor` (or `page`) changed.
 */
export function keysetAnswer<T, R>(
  url: string,
  position: Position,
  pageSize: number,
  count: { count: number; capped: boolean },
  rows: R[],
  keyOf: (row: R) => Key,
  present: (row: R) => T,
): Paginated<T> & { count_capped?: boolean } {
  const more = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  if ('before' in position) page.reverse();
  const [path, query = ''] = url.split('?');
  const link = (direction: 'after' | 'before', key: Key) => {
    const params = new URLSearchParams(query);
    params.delete('page');
    params.set('cursor', encodeCursor(direction, key));
    return `${path}?${params.toString()}`;
  };
  const first = page[0];
  const last = page[page.length - 1];
  const next = last && ('before' in position || more) ? link('after', keyOf(last)) : null;
  let previous: string | null;
  if ('offset' in position) {
    const pageNumber = Math.floor(position.offset / pageSize) + 1;
    previous = pageNumber > 1 ? paginate(url, pageNumber, pageSize, Number.MAX_SAFE_INTEGER, []).previous : null;
  } else {
    previous = first && ('after' in position || more) ? link('before', keyOf(first)) : null;
  }
  return {
    count: count.count,
    ...(count.capped ? { count_capped: true } : {}),
    next,
    previous,
    results: page.map(present),
  };
}
