import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.ts';
import type { ClaimedAccount } from '../db/subquery-rules.ts';
import { createUserRepository } from '../../domains/accounts/repositories/users.ts';
import { MFA_ERROR_CODES, MFA_MESSAGES } from '../../../contract/index.ts';
import { steppedUpUntil } from '../../domains/accounts/mfa/step-up.ts';
import { CodedHttpError, forbidden, HttpError, notAuthenticated, tokenInvalid } from '../lib/errors.ts';
import { accessClassOf, isAdminPath, needsStepUp } from '../lib/step-up-classes.ts';
import { shared } from './shared.ts';

/** The routes that prove the caller's account in their own statement, "METHOD /path/" (decision record 103). */
const provingRoutes = new Set<string>();

/** Those routes, sorted: a test lists them, so adding one is seen in review. */
export const accountProvingRoutes = (): string[] => [...provingRoutes].sort();

/**
 * Reads the Bearer access token of every request. A valid one sets request.user; an invalid one is
 * remembered and answered with 401 only where a login is required, so a stale token never breaks a
 * public page.
 */
export default shared(async function auth(app) {
  const users = createUserRepository(app.deps.db);
  app.decorateRequest('user', null);
  app.decorateRequest('authError', null);
  app.decorateRequest('login', null);
  app.decorateRequest('claim', null);
  async function authenticate(request: FastifyRequest, token: string): Promise<void> {
    try {
      const { userId, login } = await app.deps.tokens.verifyAccess(token);
      // A route that proves the account in its own statement reads none here (decision record 103).
      if (request.routeOptions.config?.accountInStatement) {
        request.claim = { id: userId, login };
        request.login = login;
        return;
      }
      // A deactivated account's tokens stop working on its next request.
      const user = await users.findActive(userId);
      if (!user) throw tokenInvalid();
      request.user = user;
      request.login = login;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      request.authError = error;
    }
  }
  // Every administrator route gets its guard from the one table (lib/step-up-classes.ts, decision 064),
  // in front of the route's own hooks and handler: a refusal never depends on what the handler would
  // have found. A route below an administrator prefix that the table does not name is treated as
  // step-up (the walking test fails on it).
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (route.config?.accountInStatement) for (const method of methods) provingRoutes.add(`${method} ${route.url}`);
    if (!isAdminPath(route.url) && !methods.some((method) => accessClassOf(method, route.url))) return;
    // The class guard checks the administrator itself: a route's own adminOnly would run the same check twice.
    const own = (route.preHandler ? [route.preHandler].flat() : []).filter((hook) => hook !== adminOnly);
    route.preHandler = [classGuard, ...own];
  });
  // A callback hook, so a request without a token (every public page) costs no promise.
  app.addHook('onRequest', function readAccessToken(request, _reply, done) {
    const header = request.headers.authorization;
    if (!header) return done();
    const [scheme, token] = header.split(' ');
    if (scheme !== 'Bearer' || !token) return done();
    authenticate(request, token).then(() => done(), done);
  });
});

export function requireUser(request: FastifyRequest): UserRow {
  if (request.user) return request.user;
  throw request.authError ?? notAuthenticated();
}

/**
 * An administrator; with REQUIRE_ADMIN_MFA, one who has a second factor (otherwise 403
 * `{detail, code: "mfa_setup_required"}`: the admin panel sends them to set one up).
 */
export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (user.role !== 'admin') throw forbidden();
  if (request.server.deps.config.requireAdminMfa && !user.mfa_enabled) {
    throw new CodedHttpError(403, MFA_MESSAGES.setupRequired, MFA_ERROR_CODES.setupRequired);
  }
  return user;
}

/**
 * Step-up: the caller proved their second factor (POST /auth/step-up/) less than STEP_UP_SECONDS ago, in
 * this login (the proof of one device does not count for another login of the account), otherwise 403 `{detail, code: "step_up_required"}` (the admin panel asks for a code and retries). With
 * REQUIRE_ADMIN_MFA off, a user without a second factor passes (the demo administrator works as before).
 * The one check for every sensitive action: administrator routes get it from their class in
 * lib/step-up-classes.ts; a user's own sensitive actions (their passkeys) call it.
 */
export function requireStepUp(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!request.server.deps.config.requireAdminMfa && !user.mfa_enabled) return user;
  if (steppedUpUntil(user, request.login) > Date.now()) return user;
  throw new CodedHttpError(403, MFA_MESSAGES.stepUpRequired, MFA_ERROR_CODES.stepUpRequired);
}

export const isAdmin = (request: FastifyRequest): boolean => request.user?.role === 'admin';

/**
 * The handler of a route whose statement proves the caller's account (`config.accountInStatement`, decision
 * record 103): `run` gets the account the token names, unread, and must answer only what a statement that
 * embeds the accounts' rule (`activeAccounts`) wrote or read, or check the account itself (`findActive`) before
 * it answers anything else. A refusal `run` throws is answered only after the account is read, so a deactivated
 * account's token is answered 401 there as on every other route, whatever the request asked.
 */
export async function withProvenAccount<T>(
  request: FastifyRequest,
  run: (account: ClaimedAccount) => Promise<T>,
): Promise<T> {
  const claim = request.claim;
  if (!claim) throw request.authError ?? notAuthenticated();
  try {
    return await run(claim);
  } catch (error) {
    if (!(await createUserRepository(request.server.deps.db).findActive(claim.id))) throw tokenInvalid();
    throw error;
  }
}

/**
 * A preHandler hook (a callback: no promise per request) that refuses the request when `check` throws,
 * named `name` (as the route listings show it: tests/api/route-hooks.test.ts).
 */
function hookOf(name: string, check: (request: FastifyRequest) => unknown) {
  const hook = (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void => {
    try {
      check(request);
    } catch (error) {
      return done(error as Error);
    }
    done();
  };
  return Object.defineProperty(hook, 'name', { value: name });
}

/** preHandler hooks for route options. */
export const authenticated = hookOf('authenticated', requireUser);
export const adminOnly = hookOf('adminOnly', requireAdmin);

/**
 * The guard of an administrator route, by its class in the table: an administrator, and for a `step-up`
 * route (or an `export-step-up` route handing over a file) a fresh second-factor proof of this login.
 */
const classGuard = hookOf('classGuard', (request) => {
  requireAdmin(request);
  const accessClass = accessClassOf(request.method, request.routeOptions.url ?? '') ?? 'step-up';
  if (needsStepUp(accessClass, request.query)) requireStepUp(request);
});
