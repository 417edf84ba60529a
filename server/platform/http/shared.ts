import type { FastifyPluginAsync, onSendHookHandler, RouteOptions } from 'fastify';

/**
 * Marks a plugin as not encapsulated, so its hooks, handlers and decorators apply to the whole app.
 * This is what fastify-plugin does (the documented `skip-override` symbol), without the extra package.
 */
export function shared<T extends FastifyPluginAsync>(plugin: T): T {
  (plugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
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
