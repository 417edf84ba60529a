import { API, type Enrollment } from '../../../contract/index.ts';
import { NOTIFY_PATHS, type AdminMessage } from '../../../contract/notifications.ts';
import { adminToken, api, apiOk, items, list, login, STUDENT } from './api.ts';

/**
 * The admin Messages tab with something in it: the demo student turns WhatsApp on for announcements (once),
 * an administrator posts an urgent announcement to the student's batch, and the tab opens once the server's
 * message worker has sent it through the demo's messaging sandbox (or after 15 s, as it is).
 */
export async function adminMessagesPath(baseURL: string): Promise<string> {
  const student = await login(baseURL, STUDENT.username, STUDENT.password);
  const enrollments = await list<Enrollment>(baseURL, API.enrollments.list, student.access);
  const batch = enrollments.find((e) => e.course_type === 'program' && e.is_active && e.batch)?.batch;
  if (!batch) throw new Error('the demo student is in no batch');
  await apiOk(baseURL, NOTIFY_PATHS.whatsapp, { token: student.access, body: { opt_in: true, phone: '98765 43210' } });
  const channels = { email: true, whatsapp: true, sms: false };
  await apiOk(baseURL, NOTIFY_PATHS.preferences, {
    method: 'PUT',
    token: student.access,
    body: { kinds: [{ kind: 'announcements', channels }] },
  });
  const admin = await adminToken(baseURL);
  await apiOk(baseURL, NOTIFY_PATHS.announcements(batch.id), {
    token: admin,
    body: { title: 'Saturday’s class moves to 11:00', body: 'Same link as always.', urgent: true },
  });
  for (let i = 0; i < 30; i++) {
    const answer = await api(baseURL, NOTIFY_PATHS.messages, { token: admin });
    if (items<AdminMessage>(answer.body).some((m) => m.channel === 'whatsapp' && m.status !== 'pending')) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return '/admin?tab=messages';
}
