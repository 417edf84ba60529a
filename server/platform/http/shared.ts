import type { FastifyPluginAsync, onSendHookHandler, RouteOptions } from 'fastify';

/**
 * Marks a plugin as not encapsulated, so its hooks, handlers and decorators apply to the whole app.
 * This is what fastify-plugin does (the documented `skip-override` symbol), without the extra package.
 */
export function shared<T extends FastifyPluginAsync>(plugin: T): T {
  (plugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
  return named(plugin);
}

/**
 * Gives a plugin its name as fastify-plugin does (the documented `fastify.display-name` symbol): the name of its
 * function, the one fastify gives it anyway. Without it, fastify looks for the plugin among the exports of every
 * module in `require.cache` first, twice per registration: in the test runs, where one process holds the whole
 * suite's modules and builds about 200 apps, that was 2 of every 50 CPU-seconds of the API suite's process.
 */
export function named<T extends (...args: never[]) => unknown>(plugin: T): T {
  const target = plugin as unknown as Record<symbol, string | undefined>;
  target[Symbol.for('fastify.display-name')] ??= plugin.name;
  return plugin;
}

/**
 * Gives `hook` to the routes `wanted` picks (by their options, from an onRoute hook) instead of to every
 * route, so a request passes through no hook its route does not use (decision record 069). The hook runs
 * before the route's own onSend hooks and those a plugin registered later adds (compression).
 */
export function onSendFor(wanted: (route: RouteOptions) => boolean, hook: onSendHookHandler) {
  return (route: RouteOptions): void => {
    if (!wanted(route)) return;
    const own = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [hook, ...own];
  };
}

/** A route's methods (its options name one or several). */
export const methodsOf = (route: RouteOptions): string[] =>
  Array.isArray(route.method) ? route.method : [route.method];

/** A read: GET or HEAD. */
export const isRead = (method: string): boolean => method === 'GET' || method === 'HEAD';
