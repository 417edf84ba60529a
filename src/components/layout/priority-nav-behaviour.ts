import { createActor } from 'xstate';
import { priorityNavMachine, type PriorityNavEvent } from '../../../machines/priority-nav.machine.ts';

/**
 * The priority-plus navigation's behaviour, loaded after the page is interactive (it is not needed for
 * the first paint: the server's row shows every link, clipped at the row's end): the machine, the
 * measurements and the observers. src/components/layout/priority-nav.tsx renders what it reports.
 */
export type PriorityNavView = { shown: number; open: boolean };
export type PriorityNavElements = { nav: HTMLElement; ruler: HTMLElement; after: HTMLElement | null };
type Measured = Extract<PriorityNavEvent, { type: 'nav.measured' }>;

/**
 * The row's measurements: every item's width as rendered in the visitor's font (an invisible copy of
 * the whole list, so items behind More are measured too), the More button's, and the room the row has
 * beside what follows it (the account area). Not a row (the phone menu's column, or hidden): room for all.
 */
function measure({ nav, ruler, after }: PriorityNavElements): Measured {
  const navStyle = getComputedStyle(nav);
  const navGap = parseFloat(navStyle.columnGap) || 0;
  const itemGap = parseFloat(getComputedStyle(ruler).columnGap) || 0;
  const cells = [...ruler.children] as HTMLElement[];
  const more = cells.pop();
  const widths = cells.map((cell, i) => cell.getBoundingClientRect().width + (i > 0 ? itemGap : 0));
  const moreWidth = (more?.getBoundingClientRect().width ?? 0) + navGap;
  const row = navStyle.display !== 'none' && navStyle.flexDirection === 'row' && nav.clientWidth > 0;
  // One pixel for sub-pixel rounding, so a row that fits on paper never wraps by a fraction.
  const room = nav.clientWidth - (after ? after.getBoundingClientRect().width + navGap : 0) - 1;
  return { type: 'nav.measured', widths, moreWidth, available: row ? room : Number.POSITIVE_INFINITY };
}

const same = (a: Measured | null, b: Measured) =>
  a !== null &&
  a.available === b.available &&
  a.moreWidth === b.moreWidth &&
  a.widths.length === b.widths.length &&
  a.widths.every((w, i) => w === b.widths[i]);

export function attachPriorityNav(elements: PriorityNavElements, onChange: (view: PriorityNavView) => void) {
  const actor = createActor(priorityNavMachine).start();
  const subscription = actor.subscribe((snapshot) =>
    onChange({ shown: snapshot.context.shown, open: snapshot.hasTag('open') }),
  );
  let last: Measured | null = null;
  const remeasure = () => {
    const next = measure(elements);
    if (same(last, next)) return;
    last = next;
    actor.send(next);
  };
  // Measured again whenever the row, the account area or an item (a font arriving) changes size.
  const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(remeasure);
  const observe = () => {
    observer?.disconnect();
    for (const el of [elements.nav, elements.after, ...elements.ruler.children]) if (el) observer?.observe(el);
    remeasure();
  };
  // A press outside the More menu closes it.
  const outside = (event: PointerEvent) => {
    const more = elements.nav.querySelector('.nav-more');
    if (actor.getSnapshot().hasTag('open') && !more?.contains(event.target as Node)) actor.send({ type: 'nav.close' });
  };
  document.addEventListener('pointerdown', outside);
  observe();
  return {
    send: (event: PriorityNavEvent) => actor.send(event),
    /** The items changed (a link added for a role): observe the new ones and measure again. */
    refresh: observe,
    stop: () => {
      document.removeEventListener('pointerdown', outside);
      observer?.disconnect();
      subscription.unsubscribe();
      actor.stop();
    },
  };
}
