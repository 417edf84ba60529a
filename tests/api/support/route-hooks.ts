import type { FastifyInstance } from 'fastify';

/** A route's hooks by lifecycle stage, each hook by its function name (`anonymous` when it has none). */
export type RouteHooks = Partial<Record<string, string[]>>;

const BRANCH = /^((?:│ {3}| {4})*)(├── |└── )?(.*)$/;
const ROUTE = /^(\S*) \(([A-Z, ]+)\)/;
const HOOKS = /^• \((\w+)\) (\[.*\])$/;

/**
 * Every route's hooks as Fastify runs them (the app's, its plugins' and the route's own, in order), read
 * from `printRoutes({ includeHooks: true, commonPrefix: false })`, keyed "METHOD /path/".
 */
export function routeHooks(app: FastifyInstance): Map<string, RouteHooks> {
  const routes = new Map<string, RouteHooks>();
  const paths: string[] = [];
  let current: RouteHooks[] = [];
  for (const line of app.printRoutes({ includeHooks: true, commonPrefix: false }).split('\n')) {
    const [, indent = '', branch, text = ''] = BRANCH.exec(line) ?? [];
    const depth = indent.length / 4;
    const hooks = HOOKS.exec(text);
    if (hooks) {
      const names = (JSON.parse(hooks[2]!) as string[]).map((name) => name.replace(/\(\)$/, ''));
      for (const route of current) route[hooks[1]!] = names;
      continue;
    }
    const route = ROUTE.exec(text);
    if (!route) continue;
    // A new node of the tree adds its segment to its parent's path; the other methods of a node repeat it.
    if (branch) paths[depth] = (depth > 0 ? (paths[depth - 1] ?? '') : '') + (route[1] ?? '');
    const path = paths[branch ? depth : depth - 1]!;
    current = route[2]!.split(', ').map((method) => {
      const hooksOf: RouteHooks = {};
      routes.set(`${method} ${path}`, hooksOf);
      return hooksOf;
    });
  }
  return routes;
}
