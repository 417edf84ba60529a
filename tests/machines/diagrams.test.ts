import { describe, expect, it } from 'vitest';
import { renderDiagrams, staleDiagrams } from '../../scripts/generate-diagrams.ts';

describe('machine diagrams', () => {
  it('are committed exactly as npm run diagrams generates them', () => {
    expect(staleDiagrams(), 'run npm run diagrams and commit docs/machines').toEqual([]);
  });

  it('draw every state, guard and invoked actor', () => {
    const checkout = [...renderDiagrams()].find(([path]) => path.endsWith('checkout.md'))![1];
    expect(checkout).toContain('stateDiagram-v2');
    expect(checkout).toContain('ready_idle --> ready_paying : checkout.submit [isFormValid] / clearErrors');
    // The choices' reports, kept while the course is shown (the children are spawned, not drawn).
    expect(checkout).toContain('ready --> ready : batch.chosen / chooseBatch');
    expect(checkout).toContain('paying : invokes gatewayPayment');
    expect(checkout).toContain('loading : invokes loadCourse');
    expect(checkout).toContain('success --> [*]');
    // The gateway step is drawn once, in its own machine's diagram.
    const gateway = [...renderDiagrams()].find(([path]) => path.endsWith('gateway-payment.md'))![1];
    expect(gateway).toContain('handingOff : invokes handOff');
    expect(checkout).not.toContain('invokes handOff');
  });
});
