import { RequireAuth } from '../../features/auth/components/guards.tsx';
import { NotificationSettings } from '../../features/notifications/components/notification-settings.tsx';
import { NotificationsPage } from '../../features/notifications/components/notifications-page.tsx';
import { markAllNotificationsRead, notificationList, notificationSettings } from '../composition/notifications.ts';

/** /notifications: the signed-in user's notifications and their settings (decision records 073 and 074). */
export function NotificationsRoute() {
  return (
    <RequireAuth>
      <NotificationsPage
        list={notificationList}
        markAll={markAllNotificationsRead}
        settings={<NotificationSettings {...notificationSettings} />}
      />
    </RequireAuth>
  );
}
