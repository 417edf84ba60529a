import type { FastifyInstance } from 'fastify';

/**
 * Graceful shutdown with a deadline: stop accepting connections, let the requests in flight finish,
 * close idle keep-alive connections; after `deadlineMs` close every remaining connection (a client
 * sending half a body, a stalled download) and exit all the same.
 */
export function closeWithDeadline(app: FastifyInstance, deadlineMs: number): void {
  const deadline = setTimeout(() => {
    app.log.warn(`shutdown deadline of ${deadlineMs} ms reached: closing the remaining connections`);
    app.server.closeAllConnections();
    // The database pool and timers end with app.close(); if even that hangs, leave anyway.
    setTimeout(() => process.exit(1), 1000).unref();
  }, deadlineMs);
  deadline.unref();
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
}
