import type { Paginated } from '../../../contract/index.ts';

/** next/previous are relative URLs: the request's path and query with only `page` changed. */
export function pageLinks(url: string, page: number, pageSize: number, count: number) {
  const [path, query = ''] = url.split('?');
  const link = (target: number) => {
    const params = new URLSearchParams(query);
    params.set('page', String(target));
    return `${path}?${params.toString()}`;
  };
  const lastPage = Math.max(1, Math.ceil(count / pageSize));
  return {
    next: page < lastPage ? link(page + 1) : null,
    previous: page > 1 ? link(Math.min(page - 1, lastPage)) : null,
  };
}

export function paginate<T>(url: string, page: number, pageSize: number, count: number, results: T[]): Paginated<T> {
  return { count, ...pageLinks(url, page, pageSize, count), results };
}

/**
 * A page of a list whose count stopped at COUNT_CAP (`count_capped`): `next` when a row past the page was
 * read (`more`), `previous` the page before, whatever the count says.
 */
export function paginateCapped<T>(
  url: string,
  page: number,
  pageSize: number,
  count: number,
  more: boolean,
  results: T[],
): Paginated<T> {
  const links = pageLinks(url, page, pageSize, Number.MAX_SAFE_INTEGER);
  return { count, count_capped: true, next: more ? links.next : null, previous: links.previous, results };
}
