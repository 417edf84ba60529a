import { useMachine } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { disclosureMachine } from '../../../../machines/disclosure.machine.ts';
import type { NotificationBellLogic } from '../../../../machines/notification-bell.machine.ts';
import { paths } from '../../../config/paths.ts';
import { readOnOpen, unreadSignal } from '../unread-signal.ts';
import { NotificationTime, targetOf } from './notification-time.tsx';

const visibleNow = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/** "Notifications, 3 unread": the bell's name carries the count (the badge is only its picture). */
export const bellLabel = (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications');

/**
 * The header's bell (signed in): the unread count, and a menu of the latest five with a link to all of
 * them. While the tab is visible the bell machine follows the server's stream of the count (polling every
 * 60 s while the stream is down); this view tells it when the tab is shown or hidden, and when the
 * /notifications page marked some read. The menu is a disclosure
 * (Escape, a click elsewhere or a navigation closes it).
 */
export function NotificationBell({ logic }: { logic: NotificationBellLogic }) {
  const [bell, sendBell] = useMachine(logic, { input: { visible: visibleNow() } });
  const [menu, sendMenu] = useMachine(disclosureMachine);
  const { pathname } = useLocation();
  const boxRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const open = menu.hasTag('open');
  const unread = bell.context.unread;
  const latest = bell.context.page?.results ?? [];

  useEffect(() => {
    const onVisibility = () => sendBell({ type: visibleNow() ? 'bell.visible' : 'bell.hidden' });
    document.addEventListener('visibilitychange', onVisibility);
    const unsubscribe = unreadSignal.subscribe(() => sendBell({ type: 'bell.refresh' }));
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      unsubscribe();
    };
  }, [sendBell]);
  useEffect(() => sendMenu({ type: 'disclosure.close' }), [pathname, sendMenu]);
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!boxRef.current?.contains(event.target as Node)) sendMenu({ type: 'disclosure.close' });
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, sendMenu]);

  return (
    // Escape closes the menu (focus back on the bell).
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      className="nav-bell"
      ref={boxRef}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        sendMenu({ type: 'disclosure.close' });
        buttonRef.current?.focus();
      }}
    >
      <button
        type="button"
        ref={buttonRef}
        className="bell-button"
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => {
          // Opening asks at once, so the menu shows what is new now.
          if (!open) sendBell({ type: 'bell.refresh' });
          sendMenu({ type: 'disclosure.toggle' });
        }}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" focusable="false">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
          />
        </svg>
        {unread > 0 ? (
          <span className="bell-count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      <div id={menuId} className="bell-menu" hidden={!open}>
        <p className="bell-menu-title">Notifications</p>
        {latest.length === 0 ? (
          <p className="status-text">{bell.context.error ?? 'Nothing new.'}</p>
        ) : (
          <ul className="bell-list">
            {latest.map((n) => {
              const to = targetOf(n);
              return (
                <li key={n.id} className={n.read ? 'read' : 'unread'}>
                  {n.read ? null : <span className="visually-hidden">Unread: </span>}
                  {to ? (
                    <Link to={to} onClick={() => readOnOpen(n)}>
                      {n.title}
                    </Link>
                  ) : (
                    <span>{n.title}</span>
                  )}
                  <NotificationTime at={n.created_at} />
                </li>
              );
            })}
          </ul>
        )}
        <Link to={paths.notifications} className="bell-all">
          All notifications
        </Link>
      </div>
    </div>
  );
}
