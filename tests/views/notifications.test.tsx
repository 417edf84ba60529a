import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  NOTIFY_PATHS as P,
  NOTIFY_UI_MESSAGES,
  type Notification,
  type NotificationPage,
  type Preferences,
} from '../../contract/index.ts';
import { eventStream, fail, ok, type FakeRequest } from './support/fake-api.ts';
import { student } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

/** Notifications (decision records 073 and 074): the header's bell, the /notifications page and its settings. */
const note = (id: number, read: boolean, extra: Partial<Notification> = {}): Notification => ({
  id,
  event: 'announcement',
  kind: 'announcements',
  title: `Announcement ${id}`,
  body: `What announcement ${id} says.`,
  link: '/dashboard',
  urgent: false,
  read,
  created_at: '2026-11-27T12:30:00.000Z',
  ...extra,
});
const UNREAD = [note(4, false, { title: 'Class moved to Thursday', urgent: true }), note(3, false), note(2, false)];
const pageOf = (results: Notification[], next: string | null = null): NotificationPage => ({
  count: results.length,
  unread: results.filter((n) => !n.read).length,
  next,
  previous: null,
  results,
});
const SETTINGS: Preferences = {
  phone: null,
  whatsapp_opted_in: false,
  sms_stopped: false,
  kinds: [
    { kind: 'class_reminders', label: 'Class reminders', channels: { email: true, whatsapp: false, sms: false } },
    { kind: 'payments', label: 'Payments and instalments', channels: { email: true, whatsapp: false, sms: false } },
  ],
};

/** A server that keeps what is read: the list and the bell answer from the same notifications. */
function notificationsServer(initial: Notification[]) {
  let items = initial;
  return {
    [`GET ${P.list}`]: () => ok(pageOf(items)),
    [`POST ${P.read}`]: (request: FakeRequest) => {
      const ids = (request.body as { ids?: number[] }).ids;
      items = items.map((n) => (ids === undefined || ids.includes(n.id) ? { ...n, read: true } : n));
      return ok({ unread: items.filter((n) => !n.read).length });
    },
    [`GET ${P.preferences}`]: ok(SETTINGS),
  };
}

const bell = (name: RegExp | string) => screen.findByRole('button', { name });

describe('Notifications', () => {
  it('shows the unread count on the header’s bell, and the latest in its menu with a link to all', async () => {
    const { user, api } = renderApp('/', { user: student, routes: notificationsServer(UNREAD) });
    const button = await bell('Notifications, 3 unread');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    // The bell asks for the latest few only.
    expect(api.callsTo(`GET ${P.list}`)[0]!.query.get('page_size')).toBe('5');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('link', { name: 'Class moved to Thursday' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'All notifications' })).toHaveAttribute('href', '/notifications');
  });

  it('opening an unread notification from the bell marks it read, and the count goes down', async () => {
    const { user, api } = renderApp('/', { user: student, routes: notificationsServer(UNREAD) });
    await user.click(await bell('Notifications, 3 unread'));
    await user.click(await screen.findByRole('link', { name: 'Class moved to Thursday' }));
    await waitFor(() => expect(api.callsTo(`POST ${P.read}`).map((c) => c.body)).toEqual([{ ids: [4] }]));
    expect(await bell('Notifications, 2 unread')).toBeInTheDocument();
  });

  it('follows the stream: a new notification raises the count at once, without asking the list again', async () => {
    const stream = eventStream();
    const { api } = renderApp('/', {
      user: student,
      routes: { ...notificationsServer(UNREAD), [`GET ${P.stream}`]: () => stream.response },
    });
    expect(await bell('Notifications, 3 unread')).toBeInTheDocument();
    // The stream carries the access token in its header, never in its URL (decision record 080).
    await waitFor(() => expect(api.callsTo(`GET ${P.stream}`)).toHaveLength(1));
    const [opened] = api.callsTo(`GET ${P.stream}`);
    expect([opened!.auth, opened!.query.toString()]).toEqual([expect.stringMatching(/^Bearer /), '']);
    stream.send('retry: 3000\n\nevent: unread\ndata: {"unread":3,"latest_id":4}\n\n');
    stream.send(': heartbeat\n\nevent: unread\ndata: {"unread":4,');
    stream.send('"latest_id":5}\n\n');
    expect(await bell('Notifications, 4 unread')).toBeInTheDocument();
    expect(api.callsTo(`GET ${P.list}`)).toHaveLength(1);
    stream.end();
  });

  it('asks nothing while the tab is hidden, and asks at once when it is shown again', async () => {
    let visibility: DocumentVisibilityState = 'hidden';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    try {
      const { api } = renderApp('/', { user: student, routes: notificationsServer(UNREAD) });
      expect(await bell('Notifications')).toBeInTheDocument();
      expect(api.callsTo(`GET ${P.list}`)).toHaveLength(0);
      visibility = 'visible';
      document.dispatchEvent(new Event('visibilitychange'));
      expect(await bell('Notifications, 3 unread')).toBeInTheDocument();
      expect(api.callsTo(`GET ${P.list}`)).toHaveLength(1);
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState;
    }
  });

  it('shows no count on the bell of a user with nothing unread', async () => {
    renderApp('/', { user: student, routes: notificationsServer([note(1, true)]) });
    expect(await bell('Notifications')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /unread/ })).not.toBeInTheDocument();
  });

  it('lists every notification with the unread ones marked, and marks all read (the bell’s count goes)', async () => {
    const { user, api } = renderApp('/notifications', {
      user: student,
      routes: notificationsServer([...UNREAD, note(1, true)]),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(within(list).getAllByText('New')).toHaveLength(3);
    expect(within(list).getByText('Urgent')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Class moved to Thursday' })).toHaveAttribute('href', '/dashboard');
    await bell('Notifications, 3 unread');

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(within(list).queryByText('New')).not.toBeInTheDocument());
    expect(api.callsTo(`POST ${P.read}`).map((c) => c.body)).toEqual([{ all: true }]);
    expect(await bell('Notifications')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('follows the server’s pages with Show more', async () => {
    const next = `${P.list}?page=2&page_size=20`;
    const { user } = renderApp('/notifications', {
      user: student,
      routes: {
        [`GET ${P.list}`]: (r: FakeRequest) =>
          ok(r.query.get('page') === '2' ? pageOf([note(1, true)]) : pageOf(UNREAD, next)),
        [`GET ${P.preferences}`]: ok(SETTINGS),
      },
    });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('saves the channels per kind of message', async () => {
    const { user, api } = renderApp('/notifications', {
      user: student,
      routes: { ...notificationsServer([]), [`PUT ${P.preferences}`]: ok(SETTINGS) },
    });
    const settings = within(
      (await screen.findByRole('heading', { name: 'Notification settings' })).closest('section')!,
    );
    expect(await settings.findByRole('checkbox', { name: 'Class reminders: in the app (always)' })).toBeDisabled();
    await user.click(settings.getByRole('checkbox', { name: 'Payments and instalments: Email' }));
    await user.click(settings.getByRole('button', { name: 'Save settings' }));
    expect(await settings.findByText(NOTIFY_UI_MESSAGES.saved)).toBeInTheDocument();
    expect(api.callsTo(`PUT ${P.preferences}`).map((c) => c.body)).toEqual([
      {
        kinds: [
          { kind: 'class_reminders', channels: { email: true, whatsapp: false, sms: false } },
          { kind: 'payments', channels: { email: false, whatsapp: false, sms: false } },
        ],
      },
    ]);
    expect(settings.getByText(/From 21:00 to 09:00 IST/)).toBeInTheDocument();
  });

  it('shows the server’s words next to the form when it refuses WhatsApp', async () => {
    const refusal = 'Turn on WhatsApp with your number first, then choose what it brings you.';
    const { user } = renderApp('/notifications', {
      user: student,
      routes: { ...notificationsServer([]), [`PUT ${P.preferences}`]: fail(400, { detail: refusal }) },
    });
    const settings = within(
      (await screen.findByRole('heading', { name: 'Notification settings' })).closest('section')!,
    );
    await user.click(await settings.findByRole('checkbox', { name: 'Class reminders: WhatsApp' }));
    await user.click(settings.getByRole('button', { name: 'Save settings' }));
    expect(await settings.findByText(refusal)).toBeInTheDocument();
  });

  it('turns WhatsApp on only with the number and the consent, and shows a refused opt-in’s server message', async () => {
    const refused = 'This number cannot receive WhatsApp messages.';
    const { user, api } = renderApp('/notifications', {
      user: student,
      routes: { ...notificationsServer([]), [`POST ${P.whatsapp}`]: fail(400, { detail: refused }) },
    });
    const form = within((await screen.findByRole('heading', { name: 'WhatsApp' })).closest('form')!);
    await user.type(form.getByLabelText(/Mobile number/), '98765 43210');
    await user.click(form.getByRole('button', { name: 'Turn on WhatsApp' }));
    // Without the consent ticked nothing is sent.
    expect(await form.findByText(NOTIFY_UI_MESSAGES.consentRequired)).toBeInTheDocument();
    expect(api.callsTo(`POST ${P.whatsapp}`)).toHaveLength(0);
    await user.click(form.getByRole('checkbox', { name: /I agree to receive service messages/ }));
    await user.click(form.getByRole('button', { name: 'Turn on WhatsApp' }));
    expect(await form.findByText(refused)).toBeInTheDocument();
    expect(api.callsTo(`POST ${P.whatsapp}`).map((c) => c.body)).toEqual([{ opt_in: true, phone: '919876543210' }]);
  });

  it('turns WhatsApp off for a user who opted in', async () => {
    const on: Preferences = { ...SETTINGS, phone: '919876543210', whatsapp_opted_in: true };
    const { user, api } = renderApp('/notifications', {
      user: student,
      routes: {
        ...notificationsServer([]),
        [`GET ${P.preferences}`]: () => ok(api.callsTo(`POST ${P.whatsapp}`).length ? SETTINGS : on),
        [`POST ${P.whatsapp}`]: ok(SETTINGS),
      },
    });
    expect(await screen.findByText('+91 9876543210')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off WhatsApp' }));
    expect(await screen.findByRole('button', { name: 'Turn on WhatsApp' })).toBeInTheDocument();
    expect(api.callsTo(`POST ${P.whatsapp}`).map((c) => c.body)).toEqual([{ opt_in: false }]);
  });
});
