import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import type { PriorityNavEvent } from '../../../machines/priority-nav.machine.ts';
import type { PriorityNavView } from './priority-nav-behaviour.ts';

export type NavItem = { to: string; label: string; end?: boolean };

const MORE_LABEL = 'More';
/** Before the behaviour is here (the server's HTML, hydration): every item in the row, More closed. */
const ALL_IN_ROW: PriorityNavView = { shown: Number.POSITIVE_INFINITY, open: false };

type Behaviour = { send: (event: PriorityNavEvent) => void; refresh: () => void; stop: () => void };

/**
 * Priority-plus navigation: the links that fit stay in the row, the rest are listed behind a More button
 * (a disclosure: a real button with aria-expanded; Escape, a click or focus elsewhere, or a navigation
 * closes it). What fits is measured in the browser by the priority-nav machine's behaviour
 * (priority-nav-behaviour.ts, loaded once the page is interactive), again whenever the row, an item or
 * `after` changes size (a font loading, a longer name, a new link); this view renders what it reports.
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
  const [view, setView] = useState<PriorityNavView>(ALL_IN_ROW);
  const behaviour = useRef<Behaviour | null>(null);
  const navRef = useRef<HTMLElement>(null);
  const rulerRef = useRef<HTMLUListElement>(null);
  const afterRef = useRef<HTMLDivElement>(null);
  const moreRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const { pathname } = useLocation();
  const send = (event: PriorityNavEvent) => behaviour.current?.send(event);
  const shown = Math.min(view.shown, items.length);
  const overflow = items.slice(shown);

  useEffect(() => {
    let gone = false;
    void import('./priority-nav-behaviour.ts').then(({ attachPriorityNav }) => {
      if (gone || !navRef.current || !rulerRef.current) return;
      const elements = { nav: navRef.current, ruler: rulerRef.current, after: afterRef.current };
      behaviour.current = attachPriorityNav(elements, setView);
    });
    return () => {
      gone = true;
      behaviour.current?.stop();
      behaviour.current = null;
    };
  }, []);

  useEffect(() => behaviour.current?.refresh(), [items]);
  useEffect(() => behaviour.current?.send({ type: 'nav.close' }), [pathname]);

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
          if (event.key !== 'Escape' || !view.open) return;
          send({ type: 'nav.close' });
          buttonRef.current?.focus();
        }}
        onBlur={(event) => {
          if (view.open && !moreRef.current?.contains(event.relatedTarget as Node | null)) send({ type: 'nav.close' });
        }}
      >
        <button
          type="button"
          ref={buttonRef}
          className="nav-more-button"
          aria-expanded={view.open}
          aria-controls={listId}
          onClick={() => send({ type: 'nav.toggle' })}
        >
          {MORE_LABEL} <span aria-hidden="true">▾</span>
        </button>
        <ul id={listId} className="nav-more-list" hidden={!view.open}>
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
