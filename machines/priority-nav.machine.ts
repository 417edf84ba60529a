import { assign, setup } from 'xstate';

/**
 * Priority-plus navigation (the header's links, and any row of items that must stay one line): the view
 * measures the items' widths in the visitor's own font and the space the row has, and the machine keeps
 * the first items that fit in the row; the rest are listed behind a "More" button. Nothing is guessed
 * from a breakpoint: a wider font, a longer name in the account area or a new link is measured again.
 *
 * The view sends `nav.measured` whenever a size changes (ResizeObserver on the row and on each item);
 * `available: Infinity` means the row is not a row (the phone menu lists everything).
 */
export type PriorityNavContext = {
  /** Each item's width in the row, including the gap before it (the first has none). */
  widths: number[];
  /** The row's width for items and the More button. */
  available: number;
  /** The More button's width, including the gap before it. */
  moreWidth: number;
  /** How many of the first items are in the row; the rest are behind More. */
  shown: number;
};

export type PriorityNavEvent =
  | { type: 'nav.measured'; widths: number[]; available: number; moreWidth: number }
  | { type: 'nav.toggle' }
  /** Escape, a click or focus outside, a link chosen, a navigation. */
  | { type: 'nav.close' };

/** How many of the first items fit: all of them when they do without More, else as many as fit beside it. */
export function itemsThatFit(widths: readonly number[], available: number, moreWidth: number): number {
  const total = widths.reduce((sum, width) => sum + width, 0);
  if (total <= available) return widths.length;
  let used = moreWidth;
  let count = 0;
  for (const width of widths) {
    if (used + width > available) break;
    used += width;
    count += 1;
  }
  return count;
}

export const priorityNavMachine = setup({
  types: {
    context: {} as PriorityNavContext,
    events: {} as PriorityNavEvent,
  },
  guards: {
    /** After this measurement, something would be behind More. */
    overflows: (_, params: { widths: number[]; available: number; moreWidth: number }) =>
      itemsThatFit(params.widths, params.available, params.moreWidth) < params.widths.length,
    hasOverflow: ({ context }) => context.shown < context.widths.length,
  },
  actions: {
    measure: assign((_, params: { widths: number[]; available: number; moreWidth: number }) => ({
      widths: params.widths,
      available: params.available,
      moreWidth: params.moreWidth,
      shown: itemsThatFit(params.widths, params.available, params.moreWidth),
    })),
  },
}).createMachine({
  id: 'priorityNav',
  // Before the first measurement (the server's HTML, hydration) every item is in the row.
  context: { widths: [], available: Number.POSITIVE_INFINITY, moreWidth: 0, shown: Number.POSITIVE_INFINITY },
  initial: 'closed',
  on: {
    'nav.measured': [
      {
        guard: { type: 'overflows', params: ({ event }) => event },
        actions: { type: 'measure', params: ({ event }) => event },
      },
      // Everything fits: nothing is behind More, so the menu closes.
      { target: '.closed', actions: { type: 'measure', params: ({ event }) => event } },
    ],
  },
  states: {
    closed: {
      on: { 'nav.toggle': { guard: 'hasOverflow', target: 'open' } },
    },
    open: {
      tags: ['open'],
      on: {
        'nav.toggle': { target: 'closed' },
        'nav.close': { target: 'closed' },
      },
    },
  },
});
