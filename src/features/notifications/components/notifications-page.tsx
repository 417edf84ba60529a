import { useMachine } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Notification } from '../../../../contract/notifications.ts';
import { NOTIFY_UI_MESSAGES } from '../../../../contract/notifications.ts';
import type { ActionLogic } from '../../../../machines/action.machine.ts';
import type { ListLogic } from '../../../../machines/list.machine.ts';
import { ListStatus } from '../../../components/list-status.tsx';
import { FormError } from '../../../components/notice.tsx';
import { readOnOpen, unreadSignal } from '../unread-signal.ts';
import { NotificationTime, targetOf } from './notification-time.tsx';

export type NotificationsPageProps = {
  /** The user's notifications, a page at a time (GET /classroom/notifications/, `next` followed). */
  list: ListLogic<Notification>;
  /** POST /classroom/notifications/read/ `{all: true}`. */
  markAll: ActionLogic<{ unread: number }>;
  /** The settings section below the list. */
  settings: ReactNode;
};

/**
 * /notifications: every notification, newest first, the unread ones marked, each leading to what it is
 * about (a class, a payment, an announcement, a question...), Mark all as read, and the settings below.
 */
export function NotificationsPage({ list, markAll, settings }: NotificationsPageProps) {
  const [snapshot, send, listRef] = useMachine(list, { input: { failureText: NOTIFY_UI_MESSAGES.loadFailed } });
  const [markAllLogic] = useState(() =>
    markAll.provide({
      actions: {
        // Read now: the list shows it, and the header's bell asks for its count at once.
        finished: () => {
          listRef.send({ type: 'list.reload' });
          unreadSignal.changed();
        },
      },
    }),
  );
  const [marking, sendMarking] = useMachine(markAllLogic, { input: { failureText: NOTIFY_UI_MESSAGES.markFailed } });
  const { items, error, next } = snapshot.context;
  const anyUnread = items.some((n) => !n.read);

  return (
    <div className="container notifications-page">
      <h1>Notifications</h1>
      <section aria-labelledby="notification-list-title">
        <div className="notifications-head">
          <h2 id="notification-list-title">Your notifications</h2>
          <button
            type="button"
            className="btn btn-outline btn-small"
            disabled={marking.hasTag('busy') || !anyUnread}
            onClick={() => sendMarking({ type: 'action.run' })}
          >
            {marking.hasTag('busy') ? 'Marking...' : 'Mark all as read'}
          </button>
        </div>
        {marking.context.error && marking.matches('failed') ? <FormError>{marking.context.error}</FormError> : null}
        <ListStatus
          loading={snapshot.matches('loading') && items.length === 0}
          error={snapshot.matches('failed') ? error : null}
          empty={items.length === 0}
          loadingText="Loading your notifications..."
          emptyText="No notifications yet. Class reminders, payments, grades and announcements will appear here."
          onRetry={() => send({ type: 'list.retry' })}
        >
          <ul className="notification-list" aria-label="Notifications">
            {items.map((n) => (
              <NotificationItem key={n.id} notification={n} />
            ))}
          </ul>
          {snapshot.matches({ loaded: 'moreFailed' }) ? <FormError>{error}</FormError> : null}
          {next ? (
            <button
              type="button"
              className="btn btn-outline"
              disabled={snapshot.hasTag('busy')}
              onClick={() => send({ type: 'list.loadMore' })}
            >
              {snapshot.matches({ loaded: 'loadingMore' }) ? 'Loading...' : 'Show more'}
            </button>
          ) : null}
        </ListStatus>
      </section>
      {settings}
    </div>
  );
}

function NotificationItem({ notification: n }: { notification: Notification }) {
  const to = targetOf(n);
  return (
    <li className={`notification card${n.read ? '' : ' unread'}${n.urgent ? ' urgent' : ''}`}>
      <p className="notification-title">
        {n.read ? null : <span className="badge badge-blue">New</span>}{' '}
        {n.urgent ? <span className="badge badge-red">Urgent</span> : null}{' '}
        {to ? (
          <Link to={to} onClick={() => readOnOpen(n)}>
            {n.title}
          </Link>
        ) : (
          <strong>{n.title}</strong>
        )}
      </p>
      <p>{n.body}</p>
      <NotificationTime at={n.created_at} />
    </li>
  );
}
