import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { priorityNavMachine, type PriorityNavEvent } from '../../../machines/priority-nav.machine.ts';

export type NavItem = { to: string; label: string; end?: boolean };

/** useLayoutEffect in the browser (measure before paint), nothing on the server. */
const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

const MORE_LABEL = 'More';

type Measured = Extract<PriorityNavEvent, { type: 'nav.measured' }>;

/**
 * The row's measurements: every item's width as rendered in the visitor's font (an invisible copy of
 * the whole list, so items behind More are measured too), the More button's, and the room the row has
 * beside what follows it (`after`, the account area). Not a row (the phone menu's column, or hidden):
 * room for everything.
 */
function measure(nav: HTMLElement, ruler: HTMLElement, after: HTMLElement | null): Measured {
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

/**
 * Priority-plus navigation: the links that fit stay in the row, the rest are listed behind a More button
 * (a disclosure: a real button with aria-expanded; Escape, a click or focus elsewhere, or a navigation
 * closes it). What fits is measured in the browser, again whenever the row, an item or `after` changes
 * size (a font loading, a longer name, a new link); the server's HTML has every link in the row.
 */
export function PriorityNav({
  id,
  label,
  items,
  after,
  className = '',
}: {
  id: string;
  label: string;
  items: readonly NavItem[];
  after?: ReactNode;
  className?: string;
}) {
  const [snapshot, send] = useMachine(priorityNavMachine);
  const navRef = useRef<HTMLElement>(null);
  const rulerRef = useRef<HTMLUListElement>(null);
  const afterRef = useRef<HTMLDivElement>(null);
  const moreRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const last = useRef<Measured | null>(null);
  const listId = useId();
  const location = useLocation();
  const open = snapshot.hasTag('open');
  const shown = Math.min(snapshot.context.shown, items.length);
  const overflow = items.slice(shown);

  const remeasure = useCallback(() => {
    if (!navRef.current || !rulerRef.current) return;
    const next = measure(navRef.current, rulerRef.current, afterRef.current);
    if (same(last.current, next)) return;
    last.current = next;
    send(next);
  }, [send]);

  useBrowserLayoutEffect(() => {
    remeasure();
    // No ResizeObserver (an old browser, jsdom): measured once, every link stays reachable.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(remeasure);
    for (const el of [navRef.current, afterRef.current, ...(rulerRef.current?.children ?? [])]) {
      if (el) observer.observe(el);
    }
    return () => observer.disconnect();
  }, [remeasure, items]);

  useEffect(() => {
    send({ type: 'nav.close' });
  }, [location.pathname, send]);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!moreRef.current?.contains(event.target as Node)) send({ type: 'nav.close' });
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, send]);

  const link = (item: NavItem) => (
    <li key={item.to}>
      <NavLink to={item.to} end={item.end}>
        {item.label}
      </NavLink>
    </li>
  );

  return (
    <nav id={id} aria-label={label} className={`site-nav ${className}`} ref={navRef}>
      <ul className="nav-links">{items.slice(0, shown).map(link)}</ul>
      {/* Closed by Escape (focus back on More) and by focus leaving it. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div
        className="nav-more"
        ref={moreRef}
        hidden={overflow.length === 0}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !open) return;
          send({ type: 'nav.close' });
          buttonRef.current?.focus();
        }}
        onBlur={(event) => {
          if (open && !moreRef.current?.contains(event.relatedTarget as Node | null)) send({ type: 'nav.close' });
        }}
      >
        <button
          type="button"
          ref={buttonRef}
          className="nav-more-button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => send({ type: 'nav.toggle' })}
        >
          {MORE_LABEL} <span aria-hidden="true">▾</span>
        </button>
        <ul id={listId} className="nav-more-list" hidden={!open}>
          {overflow.map(link)}
        </ul>
      </div>
      {after ? (
        <div className="nav-after" ref={afterRef}>
          {after}
        </div>
      ) : null}
      {/* The ruler: every item and the More button as they would render in the row, never seen. */}
      <ul className="nav-links nav-ruler" ref={rulerRef} aria-hidden="true">
        {items.map((item) => (
          <li key={item.to}>
            <span className="nav-ruler-item">{item.label}</span>
          </li>
        ))}
        <li>
          <span className="nav-more-button">
            {MORE_LABEL} <span>▾</span>
          </span>
        </li>
      </ul>
    </nav>
  );
}
