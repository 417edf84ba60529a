import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { disclosureMachine } from '../../../../machines/disclosure.machine.ts';
import { ADMIN_TABS } from '../tabs/resources.ts';

type Props = { active: string; onChoose: (key: string) => void };

/** How many rows the tabs take in `ruler` (an invisible copy of the tab row at the row's own width). */
function rowsOf(ruler: HTMLElement): number {
  const tops = new Set([...ruler.children].map((child) => Math.round((child as HTMLElement).offsetTop)));
  return tops.size;
}

/**
 * The admin panel's sections (decision 068): a row of tabs where they fit in at most two rows, else one
 * "Section" button opening a menu of every section (a disclosure). Which one is measured, in the visitor's
 * own font and width, on an invisible copy of the tab row; nothing is guessed from a breakpoint. Before
 * the first measurement (the server's HTML, a test without layout) the tabs show.
 */
export function AdminSections({ active, onChoose }: Props) {
  const ruler = useRef<HTMLDivElement>(null);
  const [compact, setCompact] = useState(false);
  const [measured, setMeasured] = useState(false);
  const [menu, sendMenu] = useMachine(disclosureMachine);
  const open = menu.hasTag('open');
  const current = ADMIN_TABS.find((tab) => tab.key === active) ?? ADMIN_TABS[0]!;

  useEffect(() => {
    const el = ruler.current;
    if (!el) return;
    const measure = () => {
      setCompact(el.clientWidth > 0 && rowsOf(el) > 2);
      setMeasured(true);
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    void document.fonts?.ready.then(measure);
    return () => observer?.disconnect();
  }, []);

  const escape = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') sendMenu({ type: 'disclosure.close' });
  };

  function choose(key: string) {
    sendMenu({ type: 'disclosure.close' });
    onChoose(key);
  }

  function onArrow(event: React.KeyboardEvent, index: number) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = ADMIN_TABS[(index + (event.key === 'ArrowRight' ? 1 : ADMIN_TABS.length - 1)) % ADMIN_TABS.length]!;
    onChoose(next.key);
    document.getElementById(`admin-tab-${next.key}`)?.focus();
  }

  return (
    <div className="admin-sections" data-measured={measured ? '' : undefined}>
      <div ref={ruler} className="tabs tabs-ruler" aria-hidden="true">
        {ADMIN_TABS.map((tab) => (
          <span key={tab.key} className="tab">
            {tab.label}
          </span>
        ))}
      </div>
      {compact ? (
        <nav className="admin-menu" aria-label="Admin sections">
          <button
            type="button"
            className="btn btn-outline admin-menu-button"
            aria-expanded={open}
            aria-controls="admin-menu-list"
            onClick={() => sendMenu({ type: 'disclosure.toggle' })}
            onKeyDown={escape}
          >
            Section: <strong>{current.label}</strong> <span aria-hidden="true">▾</span>
          </button>
          <ul id="admin-menu-list" className="admin-menu-list" hidden={!open}>
            {ADMIN_TABS.map((tab) => (
              <li key={tab.key}>
                <button
                  type="button"
                  aria-current={tab.key === active ? 'page' : undefined}
                  onClick={() => choose(tab.key)}
                  onKeyDown={escape}
                >
                  {tab.label}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      ) : (
        <div role="tablist" aria-label="Admin sections" className="tabs">
          {ADMIN_TABS.map((tab, index) => (
            <button
              key={tab.key}
              id={`admin-tab-${tab.key}`}
              type="button"
              role="tab"
              className="tab"
              aria-selected={tab.key === active}
              aria-controls="admin-panel"
              tabIndex={tab.key === active ? 0 : -1}
              onClick={() => onChoose(tab.key)}
              onKeyDown={(event) => onArrow(event, index)}
            >
              {tab.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
