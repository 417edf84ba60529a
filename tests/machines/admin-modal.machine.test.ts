import { describe, expect } from 'vitest';
import { MESSAGES } from '../../contract/index.ts';
import { adminModalMode } from '../../machines/index.ts';
import { adminModalModel, sampleAdminItem, sampleRefundKey } from '../support/models/index.ts';
import { actionNames, actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

const savedNotice = {
  add: MESSAGES.adminCreated,
  edit: MESSAGES.adminUpdated,
  resolve: MESSAGES.adminResolved,
  refund: MESSAGES.adminRefunded,
} as const;
const submitted = { title: 'Credit Analyst Program', status: 'completed' };

describe('admin modal machine, generated paths', () => {
  testGeneratedPaths(adminModalModel, (step) => {
    const state = stateOf(step);
    const { item, error, notice, fieldErrors, key } = step.snapshot.context;
    // The dialog's mode is the state itself (form.mode.*), never context.
    const mode = adminModalMode(step.snapshot.value);
    const before = step.previous?.context;
    const beforeMode = step.previous ? adminModalMode(step.previous.value) : null;
    const phase = (value: unknown) => (value as { form?: { phase?: string } }).form?.phase;
    const type = step.event.type;

    // The dialog is shown in every state but closed; its buttons are disabled while the server works.
    expect(step.snapshot.hasTag('open')).toBe(state !== 'closed');
    expect(step.snapshot.hasTag('saving')).toBe(phase(step.snapshot.value) === 'saving' || state === 'deleting');

    const opened = {
      'modal.view': 'view',
      'modal.task': 'task',
      'modal.add': 'add',
      'modal.edit': 'edit',
      'modal.resolve': 'resolve',
      'modal.refund': 'refund',
      'modal.delete': 'confirmingDelete',
    }[type];
    if (opened) {
      // A fresh dialog: no leftovers of the last one.
      if (opened === 'confirmingDelete') expect(state).toBe(opened);
      else expect(mode).toBe(opened);
      if (!['confirmingDelete', 'view', 'task'].includes(opened)) expect(phase(step.snapshot.value)).toBe('filling');
      expect(item).toEqual(type === 'modal.add' ? null : sampleAdminItem);
      expect([error, notice, fieldErrors]).toEqual([null, null, {}]);
    }
    if (state === 'closed') expect([mode, item, fieldErrors]).toEqual([null, null, {}]);
    // The refund dialog keeps the key it was opened with, for every attempt; no other dialog has one.
    expect(key).toBe(mode === 'refund' ? sampleRefundKey : null);

    switch (type) {
      case 'xstate.done.actor.saveItem':
        expect(state).toBe('closed');
        expect(notice).toBe(savedNotice[beforeMode as keyof typeof savedNotice]);
        expect(error).toBeNull();
        expect(actionNames(step.effects)).toEqual(['itemSaved']);
        break;
      case 'xstate.error.actor.saveItem':
        // Back to the same form with the spec's alert text and the server's field messages.
        expect(mode).toBe(beforeMode);
        expect(phase(step.snapshot.value)).toBe('filling');
        // A refund's refusal adds the server's words to the spec's text.
        expect(error).toBe(
          mode === 'refund' ? `${MESSAGES.adminSaveFailed} Title is required.` : MESSAGES.adminSaveFailed,
        );
        expect(fieldErrors).toEqual({ title: 'Title is required.' });
        break;
      case 'xstate.done.actor.deleteItem':
        expect(state).toBe('closed');
        expect(actionNames(step.effects)).toEqual(['itemSaved']);
        break;
      case 'xstate.error.actor.deleteItem':
        expect(state).toBe('closed');
        expect(error).toBe(MESSAGES.adminDeleteFailed);
        break;
      case 'modal.submit':
        expect(mode).toBe(beforeMode);
        expect(phase(step.snapshot.value)).toBe('saving');
        if (phase(step.previous!.value) === 'saving') {
          // A second submit while the first is saving changes nothing and sends nothing.
          expect(step.snapshot.context).toEqual(before);
          expect(actorCalls(step.effects)).toEqual([]);
          break;
        }
        expect([error, fieldErrors]).toEqual([null, {}]);
        expect(actorCalls(step.effects)).toEqual([
          { src: 'saveItem', input: { mode: beforeMode, item: before!.item, values: submitted, key: before!.key } },
        ]);
        break;
      case 'modal.confirm':
        expect(state).toBe('deleting');
        expect(actorCalls(step.effects)).toEqual([{ src: 'deleteItem', input: { item: sampleAdminItem } }]);
        break;
      case 'modal.close':
        expect(state).toBe('closed');
        expect(notice).toBe(before!.notice);
        break;
      case 'notice.dismiss':
        expect([notice, error]).toEqual([null, null]);
        break;
    }
    if (!['xstate.done.actor.saveItem', 'xstate.done.actor.deleteItem'].includes(type))
      expect(step.effects.actions).toEqual([]);
    if (!['modal.submit', 'modal.confirm'].includes(type)) expect(step.effects.calls).toEqual([]);
  });
});
