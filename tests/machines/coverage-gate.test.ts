import { assign, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { machineCatalog } from '../../machines/index.ts';
import { machinesWithoutModel, measureCoverage } from '../support/coverage-gate.ts';
import { machineModels, sessionModel } from '../support/models/index.ts';
import { listTransitions } from '../support/transitions.ts';

/** The gate must be able to fail: these prove that a transition nobody walks is reported. */
describe('the coverage gate itself', () => {
  it('reports the transitions a model never walks', async () => {
    // Without the sample login failures, no path takes loggingIn's onError.
    const withoutLoginErrors = {
      ...sessionModel,
      events: sessionModel.events.filter((event) => event.type !== 'xstate.error.actor.login'),
    };
    const report = await measureCoverage(withoutLoginErrors);
    expect(report.missing).toEqual(['session.loggingIn xstate.error.actor.login -> session.unauthenticated#0']);
    expect(report.line).toBe(`session: covered ${report.total - 1}/${report.total} transitions`);
  }, 60_000);

  it('reports a guarded alternative that no sample event enables', async () => {
    const toggle = setup({
      types: { context: {} as { n: number }, events: {} as { type: 'go'; n: number } },
      guards: { isBig: (_, params: { n: number }) => params.n > 10 },
      actions: { remember: assign((_, params: { n: number }) => ({ n: params.n })) },
    }).createMachine({
      id: 'toggle',
      context: { n: 0 },
      initial: 'off',
      states: {
        off: {
          on: {
            go: [
              { guard: { type: 'isBig', params: ({ event }) => ({ n: event.n }) }, target: 'on' },
              { actions: { type: 'remember', params: ({ event }) => ({ n: event.n }) } },
            ],
          },
        },
        on: { always: { target: 'off' } },
      },
    });
    const model = { name: 'toggle', machine: toggle, actors: [], appActions: [], events: [{ type: 'go', n: 1 }] };
    const report = await measureCoverage(model);
    expect(report.line).toBe('toggle: covered 1/3 transitions');
    expect(report.missing).toEqual(['toggle.off go [isBig] -> toggle.on#0', 'toggle.on always -> toggle.off#0']);
  });

  it('counts eventless, onDone/onError and guarded transitions of the real machines', () => {
    const keys = listTransitions(machineCatalog['payment-flow']).map((t) => t.key);
    expect(keys).toContain('paymentFlow.resolving always [isEnrolled] -> paymentFlow.completed#0');
    expect(keys).toContain('paymentFlow.resolving always -> paymentFlow.none#3');
    expect(keys).toContain(
      'paymentFlow.starting xstate.done.actor.startPayment [isCompletedPayment] -> paymentFlow.completed#0',
    );
    expect(keys).toContain('paymentFlow.completing xstate.error.actor.completePayment -> paymentFlow.pending#1');
    expect(keys).toContain('paymentFlow notice.dismiss -> (stay)#0');
  });

  it('refuses a machine of the catalog without a model', () => {
    const models = machineModels.filter((model) => model.name !== 'checkout');
    expect(machinesWithoutModel(machineCatalog, models)).toEqual(['checkout']);
  });
});
