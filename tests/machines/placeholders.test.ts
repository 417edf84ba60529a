import { createActor, waitFor, type AnyStateMachine } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { checkoutMachine, machineCatalog, sessionMachine } from '../../machines/index.ts';
import { listTransitions } from '../support/transitions.ts';

/** A machine started without its actors fails into an error state, never into an exception. */
describe('unprovided actors', () => {
  it('leave the session unauthenticated', async () => {
    const actor = createActor(sessionMachine).start();
    const settled = await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'));
    expect(settled.value).toBe('unauthenticated');
    expect(settled.status).toBe('active');
  });

  it('make the checkout show its failed-load screen', async () => {
    const actor = createActor(checkoutMachine, { input: { courseType: 'program', courseId: '1' } }).start();
    const settled = await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'));
    expect(settled.value).toBe('loadFailed');
  });
});

describe('machine definitions', () => {
  it.each(Object.entries(machineCatalog))('%s: every transition has its own key', (_name, machine) => {
    const keys = listTransitions(machine).map((t) => t.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(Object.entries(machineCatalog))(
    '%s: every invoke has a named src, an id, onDone and onError',
    (_name, machine) => {
      const root = (machine as AnyStateMachine).root;
      const nodes = [root, ...getStateNodes(root)];
      for (const node of nodes) {
        for (const invoke of node.invoke) {
          expect(typeof invoke.src).toBe('string');
          expect(invoke.id).toBeTruthy();
          expect(node.transitions.has(`xstate.done.actor.${invoke.id}`)).toBe(true);
          expect(node.transitions.has(`xstate.error.actor.${invoke.id}`)).toBe(true);
        }
      }
    },
  );
});
