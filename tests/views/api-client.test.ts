import { describe, expect, it, vi } from 'vitest';
import { API, ApiError, ASSIGNMENT_PATHS, Program, SERVER_MESSAGES } from '../../contract/index.ts';
import { submitAssignment } from '../../src/features/learn/api/assignments-api.ts';
import { onTimeSubmission } from '../support/models/index.ts';
import { startTokenRefresh } from '../../src/app/composition/token-refresh.ts';
import { api } from '../../src/lib/api-client.ts';
import { onSessionExpired } from '../../src/lib/auth-events.ts';
import { tokenStore } from '../../src/lib/token-store.ts';
import { deferred, fail, installFakeApi, ok, unauthorized } from './support/fake-api.ts';
import { program } from './support/fixtures.ts';

function loggedIn() {
  tokenStore.setTokens({ access: 'old-access', refresh: 'refresh-1' });
  startTokenRefresh();
}

describe('API client', () => {
  it('sends JSON with the Bearer token and parses the answer with the contract schema', async () => {
    loggedIn();
    const fake = installFakeApi({ [`GET ${API.programs.list}`]: ok([program()]) });
    const items = await api.list(API.programs.list, Program, { level: 'beginner', search: '' });
    expect(items).toHaveLength(1);
    const call = fake.calls[0]!;
    expect(call.auth).toBe('Bearer old-access');
    expect(call.query.get('level')).toBe('beginner');
    expect(call.query.has('search')).toBe(false);
  });

  it('accepts a plain array or {results} for lists', async () => {
    startTokenRefresh();
    installFakeApi({
      [`GET ${API.programs.list}`]: ok({ count: 1, next: null, previous: null, results: [program()] }),
    });
    expect(await api.list(API.programs.list, Program)).toHaveLength(1);
  });

  it('follows `next` as a relative URL', async () => {
    startTokenRefresh();
    const fake = installFakeApi({
      'GET /api/admin/payments/': (request) =>
        request.query.get('page') === '2'
          ? ok({ count: 2, next: null, previous: '/api/admin/payments/?page=1', results: [program({ id: 2 })] })
          : ok({ count: 2, next: 'http://localhost/api/admin/payments/?page=2', previous: null, results: [program()] }),
    });
    const first = await api.page('/api/admin/payments/', Program);
    expect(first).toMatchObject({ next: '/api/admin/payments/?page=2', count: 2 });
    const second = await api.page(first.next!, Program);
    expect(second.items[0]!.id).toBe(2);
    expect(fake.calls[1]!.query.get('page')).toBe('2');
  });

  it('throws an ApiError with the server words', async () => {
    startTokenRefresh();
    installFakeApi({ [`POST ${API.programs.payment(1)}`]: fail(400, { error: SERVER_MESSAGES.alreadyEnrolled }) });
    const error = await api.post(API.programs.payment(1), {}, Program).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).userMessage).toBe(SERVER_MESSAGES.alreadyEnrolled);
  });

  it('rejects an answer of the wrong shape', async () => {
    startTokenRefresh();
    installFakeApi({ [`GET ${API.programs.detail(1)}`]: ok({ id: 'x' }) });
    await expect(api.get(API.programs.detail(1), Program)).rejects.toBeInstanceOf(ApiError);
  });

  it('on concurrent 401s refreshes once, stores the new pair and retries each call once', async () => {
    loggedIn();
    const fake = installFakeApi({
      [`GET ${API.programs.list}`]: (request) =>
        request.auth === 'Bearer new-access' ? ok([program()]) : unauthorized,
      [`POST ${API.tokenRefresh}`]: ok({ access: 'new-access', refresh: 'refresh-2' }),
    });
    const results = await Promise.all([
      api.list(API.programs.list, Program),
      api.list(API.programs.list, Program),
      api.list(API.programs.list, Program),
    ]);
    expect(results.map((r) => r.length)).toEqual([1, 1, 1]);
    expect(fake.callsTo(`POST ${API.tokenRefresh}`)).toHaveLength(1);
    expect(fake.callsTo(`POST ${API.tokenRefresh}`)[0]!.body).toEqual({ refresh: 'refresh-1' });
    expect(fake.callsTo(`GET ${API.programs.list}`)).toHaveLength(6);
    expect(tokenStore.getAccess()).toBe('new-access');
    // The server rotated the refresh token: the store keeps the new one.
    expect(tokenStore.getRefresh()).toBe('refresh-2');
  });

  it('sends an assignment (multipart) through the client: an expired token is refreshed and the same form sent again', async () => {
    loggedIn();
    const answer = { ...onTimeSubmission, text: 'My note.' };
    const fake = installFakeApi({
      [`POST ${ASSIGNMENT_PATHS.submit(31)}`]: (request) =>
        request.auth === 'Bearer new-access' ? ok(answer) : unauthorized,
      [`POST ${API.tokenRefresh}`]: ok({ access: 'new-access', refresh: 'refresh-2' }),
    });
    const file = new File(['%PDF-1.4'], 'note.pdf', { type: 'application/pdf' });
    expect(await submitAssignment({ assignmentId: 31, text: 'My note.', file })).toEqual(answer);
    const sent = fake.callsTo(`POST ${ASSIGNMENT_PATHS.submit(31)}`);
    expect(sent).toHaveLength(2);
    const form = sent[1]!.body as FormData;
    expect(form.get('text')).toBe('My note.');
    expect((form.get('file') as File).name).toBe('note.pdf');
  });

  it("when another tab rotated the refresh token a moment earlier, takes that tab's pair instead of logging out", async () => {
    loggedIn();
    const fake = installFakeApi({
      [`GET ${API.programs.list}`]: (request) =>
        request.auth === 'Bearer other-tab-access' ? ok([program()]) : unauthorized,
      [`POST ${API.tokenRefresh}`]: () => {
        // The other tab finished its refresh while this one was asking with the old token.
        tokenStore.setTokens({ access: 'other-tab-access', refresh: 'other-tab-refresh' });
        return fail(401, { detail: SERVER_MESSAGES.refreshInvalid });
      },
    });
    const results = await api.list(API.programs.list, Program);
    expect(results).toHaveLength(1);
    expect(fake.callsTo(`POST ${API.tokenRefresh}`)).toHaveLength(1);
    expect(tokenStore.getRefresh()).toBe('other-tab-refresh');
  });

  it('retries at most once: a second 401 is the answer', async () => {
    loggedIn();
    const fake = installFakeApi({
      [`GET ${API.programs.list}`]: unauthorized,
      [`POST ${API.tokenRefresh}`]: ok({ access: 'new-access', refresh: 'refresh-2' }),
    });
    await expect(api.list(API.programs.list, Program)).rejects.toMatchObject({ status: 401 });
    expect(fake.callsTo(`GET ${API.programs.list}`)).toHaveLength(2);
    expect(fake.callsTo(`POST ${API.tokenRefresh}`)).toHaveLength(1);
  });

  it('when the refresh fails, clears both tokens and announces the way to /login', async () => {
    loggedIn();
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    const refresh = deferred();
    const fake = installFakeApi({
      [`GET ${API.programs.list}`]: unauthorized,
      [`POST ${API.tokenRefresh}`]: refresh.handler,
    });
    const pending = Promise.all([
      api.list(API.programs.list, Program).catch((e) => e),
      api.list(API.programs.list, Program).catch((e) => e),
    ]);
    await vi.waitFor(() => expect(fake.callsTo(`POST ${API.tokenRefresh}`)).toHaveLength(1));
    refresh.release(fail(401, { detail: SERVER_MESSAGES.refreshInvalid }));
    const errors = await pending;
    expect(errors.every((e) => e instanceof ApiError && e.status === 401)).toBe(true);
    expect(fake.callsTo(`POST ${API.tokenRefresh}`)).toHaveLength(1);
    expect(tokenStore.getAccess()).toBeNull();
    expect(tokenStore.getRefresh()).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
    stop();
  });

  it('never refreshes for a failed login or for a visitor without tokens', async () => {
    startTokenRefresh();
    const fake = installFakeApi({
      [`POST ${API.token}`]: fail(401, { detail: SERVER_MESSAGES.badCredentials }),
      [`GET ${API.enrollments.list}`]: unauthorized,
    });
    await expect(api.send('POST', API.token, { username: 'x', password: 'y' })).rejects.toMatchObject({ status: 401 });
    await expect(api.send('GET', API.enrollments.list)).rejects.toMatchObject({ status: 401 });
    expect(fake.callsTo(`POST ${API.tokenRefresh}`)).toHaveLength(0);
  });
});
