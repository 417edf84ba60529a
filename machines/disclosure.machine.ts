import { setup } from 'xstate';

/**
 * A disclosure: content shown or collapsed behind one button (the Programs page's filters on a phone).
 * The view renders the button with `aria-expanded` from the `open` tag; where the content always shows
 * (a wide screen), the view hides the button and ignores the state.
 */
export type DisclosureEvent = { type: 'disclosure.toggle' } | { type: 'disclosure.close' };

export const disclosureMachine = setup({
  types: { events: {} as DisclosureEvent },
}).createMachine({
  id: 'disclosure',
  initial: 'closed',
  states: {
    closed: {
      on: { 'disclosure.toggle': { target: 'open' } },
    },
    open: {
      tags: ['open'],
      on: {
        'disclosure.toggle': { target: 'closed' },
        'disclosure.close': { target: 'closed' },
      },
    },
  },
});
