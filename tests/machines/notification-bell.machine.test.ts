import { describe, expect, it } from 'vitest';
import { NOTIFY_UI_MESSAGES } from '../../contract/index.ts';
import { STREAM_RETRY_MAX_MS, STREAM_RETRY_MS, streamRetryDelay } from '../../machines/index.ts';
import { notificationBellModel } from '../support/models/index.ts';
import { actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

type Context = { page: { unread: number } | null; unread: number; error: string | null; failures: number };

describe('notification-bell machine, generated paths', () => {
  testGeneratedPaths(notificationBellModel, (step) => {
    const state = stateOf(step);
    const { page, unread, error, failures } = step.snapshot.context as Context;
    const before = step.previous;
    const was = before ? (before.context as Context) : null;
    const live = state.startsWith('live.');
    // Only a visible tab asks and streams; a hidden one is paused, with no stream.
    expect(step.snapshot.hasTag('busy')).toBe(state.includes('live.list.loading'));
    expect(step.snapshot.hasTag('streaming')).toBe(state.includes('live.stream.open.connected'));
    if (!live) expect(state).toBe('paused');
    if (step.index === 0) {
      // A visible tab asks at once and opens the stream; a hidden one waits until it is shown.
      expect(['paused', 'live.list.loading,live.stream.open.connecting']).toContain(state);
      expect([page, unread, error, failures]).toEqual([null, 0, null, 0]);
    }
    const calls = actorCalls(step.effects).map((call) => call.src);
    switch (step.event.type) {
      case 'bell.hidden':
        expect(state).toBe('paused');
        break;
      case 'bell.visible':
        // Shown again: asked at once and a stream opened (a paused bell), or nothing changes (already live).
        expect(live).toBe(true);
        if (before?.value === 'paused') expect(calls.sort()).toEqual(['fetchLatest', 'followUnread']);
        break;
      case 'bell.refresh':
        if (before?.value !== 'paused') expect(state).toContain('live.list.loading');
        break;
      case 'xstate.done.actor.fetchLatest':
        expect(state).toContain('live.list.idle');
        expect(page).toEqual((step.event as { output?: unknown }).output);
        expect(error).toBeNull();
        break;
      case 'xstate.error.actor.fetchLatest':
        // The last count stays shown; the next ask (a stream event, the poll, the menu) tries again.
        expect([state.includes('live.list.idle'), error]).toEqual([true, NOTIFY_UI_MESSAGES.loadFailed]);
        expect([page, unread]).toEqual([was!.page, was!.unread]);
        break;
      case 'stream.open':
        if (before && JSON.stringify(before.value).includes('connecting')) {
          expect(state).toContain('live.stream.open.connected');
          expect(failures).toBe(0);
        }
        break;
      case 'stream.unread':
        if (live && JSON.stringify(before!.value).includes('"open"')) {
          // The count the stream tells is the one shown, at once, without asking.
          expect(unread).toBe((step.event as unknown as { unread: number }).unread);
          expect(state).toContain('live.stream.open.connected');
          expect(calls).toEqual([]);
        }
        break;
      case 'xstate.done.actor.followUnread':
        // The server ended it: reconnect soon, as a first try.
        expect([state.includes('live.stream.reconnecting.waiting'), failures]).toEqual([true, 0]);
        break;
      case 'xstate.error.actor.followUnread':
        // Failed: back off a little longer each time, polling meanwhile.
        expect([state.includes('live.stream.reconnecting.waiting'), failures]).toEqual([true, was!.failures + 1]);
        break;
      case 'xstate.after.retryDelay.notification-bell.live.stream.reconnecting':
        expect(state).toContain('live.stream.open.connecting');
        expect(calls).toEqual(['followUnread']);
        break;
      case 'xstate.after.pollDelay.notification-bell.live.stream.reconnecting.waiting':
        // The fallback poll: the list is asked again while the stream is down.
        expect(state).toContain('live.list.loading');
        expect(state).toContain('live.stream.reconnecting.waiting');
        expect(calls).toEqual(['fetchLatest']);
        break;
    }
    // The count is never a stale one: it is the list's or the stream's latest.
    expect(unread).toBeGreaterThanOrEqual(0);
  });
});

describe('the stream’s retry delay', () => {
  it('is 1–2 s after an end, doubles with each failure (±20%), and stops growing at five minutes', () => {
    expect(streamRetryDelay(0, () => 0)).toBe(STREAM_RETRY_MS);
    expect(streamRetryDelay(0, () => 1)).toBe(2 * STREAM_RETRY_MS);
    expect(streamRetryDelay(1, () => 0.5)).toBe(2 * STREAM_RETRY_MS);
    expect(streamRetryDelay(3, () => 0.5)).toBe(8 * STREAM_RETRY_MS);
    expect(streamRetryDelay(3, () => 0)).toBe(0.8 * 8 * STREAM_RETRY_MS);
    expect(streamRetryDelay(30, () => 0.5)).toBe(STREAM_RETRY_MAX_MS);
  });
});
