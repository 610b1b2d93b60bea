// Laravel-style page envelopes: data, links (keeping the request's query), meta.
import { MAX_ID } from '../../shared/fields';
import type { FastifyRequest } from 'fastify';
import type { Paginated } from '../../shared/list-query';
import type { DELETED_OBJECTS } from '../../shared/objects/common.object';

export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** `estimate`: the total is an estimate (the links list past 10,000 matches), said in `meta.total_is_estimate`. */
export function paginate<T>(request: FastifyRequest, data: T[], total: number, page: number, perPage: number, estimate = false): Paginated<T> {
  const [pathname = '', rawQuery = ''] = request.url.split('?');
  const path = `${requestOrigin(request)}${pathname}`;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const pageUrl = (p: number) => {
    const params = new URLSearchParams(rawQuery);
    params.set('page', String(p));
    return `${path}?${params.toString()}`;
  };
  const from = data.length ? (page - 1) * perPage + 1 : null;
  return {
    data,
    links: {
      first: pageUrl(1),
      last: pageUrl(lastPage),
      prev: page > 1 ? pageUrl(Math.min(page - 1, lastPage)) : null,
      next: page < lastPage ? pageUrl(page + 1) : null,
    },
    meta: {
      current_page: page,
      from,
      last_page: lastPage,
      path,
      per_page: perPage,
      to: from === null ? null : from + data.length - 1,
      total,
      ...(estimate ? { total_is_estimate: true } : {}),
    },
    status: 200,
  };
}

export const ok = <T>(data: T) => ({ data, status: 200 as const });

export const deleted = (id: number, object: (typeof DELETED_OBJECTS)[number]) => ({
  id,
  object,
  deleted: true as const,
  status: 200 as const,
});

/** `{id}` in a path: anything but a positive integer is an id that does not exist. */
/** A path id; -1 (a 404) when it is not one or is larger than any row's id can be. */
export function parseId(raw: string): number {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return -1;
  const id = Number(raw);
  return id <= MAX_ID ? id : -1;
}
