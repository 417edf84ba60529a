import type { Paginated } from '../../contract/index.ts';

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
