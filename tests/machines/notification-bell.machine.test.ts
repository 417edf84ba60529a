import { describe, expect } from 'vitest';
import { NOTIFY_UI_MESSAGES } from '../../contract/index.ts';
import { notificationBellModel } from '../support/models/index.ts';
import { actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

describe('notification-bell machine, generated paths', () => {
  testGeneratedPaths(notificationBellModel, (step) => {
    const state = stateOf(step);
    const { page, error } = step.snapshot.context as { page: { unread: number } | null; error: string | null };
    const before = step.previous;
    // Only a visible tab asks; a hidden one is paused and asks nothing.
    expect(step.snapshot.hasTag('busy')).toBe(state === 'polling.loading');
    const moved = before === null || JSON.stringify(before.value) !== JSON.stringify(step.snapshot.value);
    if (step.index === 0) {
      // A visible tab asks at once; a hidden one waits until it is shown.
      expect(['paused', 'polling.loading']).toContain(state);
      expect([page, error]).toEqual([null, null]);
    }
    switch (step.event.type) {
      case 'bell.hidden':
        expect(state).toBe('paused');
        break;
      case 'bell.visible':
        // Shown again: asked at once (a paused bell), or nothing changes (already polling).
        expect(state.startsWith('polling')).toBe(true);
        break;
      case 'bell.refresh':
        if (before?.value !== 'paused') expect(state).toBe('polling.loading');
        break;
      case 'xstate.after.pollDelay.notification-bell.polling.waiting':
        expect(state).toBe('polling.loading');
        break;
      case 'xstate.done.actor.fetchLatest':
        expect([state, page, error]).toEqual(['polling.waiting', (step.event as { output?: unknown }).output, null]);
        break;
      case 'xstate.error.actor.fetchLatest':
        // The last count stays shown; the next tick asks again.
        expect([state, error]).toEqual(['polling.waiting', NOTIFY_UI_MESSAGES.loadFailed]);
        expect(page).toEqual(before!.context.page);
        break;
    }
    // One ask each time the bell starts loading (a refresh while loading starts over); none otherwise.
    const asks = state === 'polling.loading' && (moved || step.event.type === 'bell.refresh');
    expect(actorCalls(step.effects)).toEqual(asks ? [{ src: 'fetchLatest', input: undefined }] : []);
  });
});
