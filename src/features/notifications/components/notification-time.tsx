import { formatIstDateTime } from '../../../../contract/time.ts';
import type { Notification } from '../../../../contract/notifications.ts';
import { sameOriginPath } from '../../../../contract/same-origin-path.ts';

/** When a notification came, in India time. */
export function NotificationTime({ at }: { at: string }) {
  return (
    <time className="notification-time" dateTime={at}>
      {formatIstDateTime(at)}
    </time>
  );
}

/** Where a notification leads: its link when it is a path of this site, else nowhere (null). */
export const targetOf = (notification: Notification): string | null => sameOriginPath(notification.link);
