import type { FastifyPluginAsync } from 'fastify';

/**
 * Marks a plugin as not encapsulated, so its hooks, handlers and decorators apply to the whole app.
 * This is what fastify-plugin does (the documented `skip-override` symbol), without the extra package.
 */
export function shared<T extends FastifyPluginAsync>(plugin: T): T {
  (plugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
  return plugin;
}
