import type { FastifyInstance } from 'fastify';

/**
 * Every route of the app as `{method, url}` (the Fastify pattern, e.g. `/api/admin/users/:id/`), read from
 * Fastify's own route table (`printRoutes` without the common-prefix folding): each line is a node whose
 * path continues its parent's, four characters of tree drawing per level, with its methods in brackets.
 */
export function routesOf(app: FastifyInstance): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const url = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = url;
    parents.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, url });
  }
  return routes;
}
