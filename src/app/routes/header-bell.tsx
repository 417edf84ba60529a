import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { appNotificationBell } from '../composition/notifications.ts';

/**
 * The header's notification bell, in its own chunk: loaded only once someone is signed in
 * (src/components/layout/header.tsx shows it; the router hands it to the page chrome).
 */
export function HeaderBell() {
  return <NotificationBell logic={appNotificationBell} />;
}
