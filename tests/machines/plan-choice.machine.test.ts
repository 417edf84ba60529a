import { describe, expect } from 'vitest';
import { otherPlan, planChoiceModel, samplePlan } from '../support/models/index.ts';
import { actorCalls, stateOf, testGeneratedPaths } from './generated-paths.ts';

describe('plan choice machine, generated paths', () => {
  testGeneratedPaths(planChoiceModel, (step) => {
    const state = stateOf(step);
    const { plans, chosen, isProgram } = step.snapshot.context;
    expect(step.snapshot.hasTag('busy')).toBe(state === 'loading');
    // Only a program's checkout reads plans, and only while loading.
    expect(actorCalls(step.effects)).toEqual(state === 'loading' ? [{ src: 'loadPlans', input: { courseId: 3 } }] : []);
    if (!isProgram) expect(state).toBe('none');
    if (state === 'full' || state === 'plan') expect(plans).toEqual([samplePlan, otherPlan]);
    // In full unless a plan that is offered was picked.
    if (state !== 'plan') expect(chosen).toBeNull();
    if (state === 'plan') expect([samplePlan.id, otherPlan.id]).toContain(chosen);
    // A plan not offered changes nothing: never chosen.
    expect(chosen).not.toBe(999);
    if (step.event.type === 'plan.full' && state === 'full') expect(chosen).toBeNull();
  });
});
