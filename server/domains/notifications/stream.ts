import { PassThrough } from 'node:stream';
import { NOTIFY_STREAM, type UnreadEvent } from '../../../contract/notifications.ts';
import type { Db } from '../../platform/db/connect.ts';
import { HttpError, tokenInvalid } from '../../platform/lib/errors.ts';
import { accessExpiresAt, endedLogins } from '../accounts/index.ts';
import { localChanges, type NotificationChange } from './changes.ts';
import type { StreamConfig } from './config.ts';
import { createStreamRepository, type StreamRepository, type UnreadState } from './stream-repository.ts';

/**
 * The unread count as server-sent events (decision record 080). One hub per process: ONE watcher for all its
 * open streams, running while there is at least one. Every NOTIFY_STREAM_POLL_MS it reads the newest
 * notification id (one indexed read); when it grew, the users with newer notifications, and the counts of
 * those of them who are connected. Writes in this process wake it at once (changes.ts); writes by other
 * processes and instances are found by that look. At every heartbeat (NOTIFY_STREAM_HEARTBEAT_SECONDS) each
 * stream gets a comment line, streams of logins that ended (signed out anywhere) close, and the state of
 * every connected user is read again (one query), which also brings reads made through other instances and
 * a PostgreSQL transaction that committed after a later one. A stream ends when its access token expires
 * (the client reconnects with a fresh one) and when the server shuts down.
 */
const RETRY_HINT_MS = 3000;
/** A write in this process is looked for this long after (its transaction has usually committed by then). */
const WAKE_DELAY_MS = 50;
const TOO_MANY = 'Notifications are open in too many tabs: this one checks for new ones every minute instead.';

type Client = { userId: number; login: string | null; sink: PassThrough; expiry: NodeJS.Timeout | null };

const frame = (state: UnreadEvent) =>
  `event: ${NOTIFY_STREAM.event}\ndata: ${JSON.stringify({ unread: state.unread, latest_id: state.latest_id })}\n\n`;
const same = (a: UnreadEvent | undefined, b: UnreadEvent) => a?.unread === b.unread && a.latest_id === b.latest_id;

export function createUnreadHub(options: {
  db: Db;
  config: StreamConfig;
  warn: (what: string, error: unknown) => void;
  /** What the watcher reads; the database's unless a test holds a read back to fix an interleaving. */
  repo?: StreamRepository;
}) {
  const { db, config, warn } = options;
  const repo = options.repo ?? createStreamRepository(db);
  const byUser = new Map<number, Set<Client>>();
  /** What each connected user was last sent. */
  const sent = new Map<number, UnreadEvent>();
  let highest: number | null = null;
  let starting: Promise<void> | null = null;
  let timers: NodeJS.Timeout[] = [];
  let wake: NodeJS.Timeout | null = null;
  let chain: Promise<void> = Promise.resolve();
  let queued = false;
  let closed = false;
  /**
   * Counts the watcher's stops. A look that was reading when the last stream went (and the watcher stopped)
   * must not set `highest` after it: a set `highest` reads as a running watcher, so the next stream would
   * start none, and would get no heartbeats, no news and no end at a sign-out.
   */
  let run = 0;

  /** The watcher's work, one piece at a time (the timers and the wakes never overlap). */
  function serial(work: () => Promise<void>): Promise<void> {
    chain = chain.then(work).catch((error: unknown) => warn('notification stream watcher failed', error));
    return chain;
  }

  function push(states: UnreadState[], force?: Client) {
    for (const state of states) {
      const event = { unread: state.unread, latest_id: state.latest_id };
      const changed = !same(sent.get(state.user_id), event);
      const clients = byUser.get(state.user_id);
      if (!clients) continue;
      sent.set(state.user_id, event);
      for (const client of clients) {
        if (changed || client === force) client.sink.write(frame(event));
      }
    }
  }

  /** The cheap look: has any notification been written since the last? Then whose, of those connected. */
  const look = () =>
    serial(async () => {
      queued = false;
      const from = highest;
      const at = run;
      if (from === null || byUser.size === 0) return;
      const newest = await repo.highest();
      if (at !== run || newest <= from) return;
      const rows = await repo.newestSince(from);
      if (at !== run) return;
      highest = newest;
      const users = rows
        .filter((r) => byUser.has(r.user_id) && r.latest > (sent.get(r.user_id)?.latest_id ?? 0))
        .map((r) => r.user_id);
      if (users.length > 0) push(await repo.states(users));
    });

  const lookSoon = () => {
    if (queued) return;
    queued = true;
    void look();
  };

  /** Every heartbeat: a comment on every stream, ended logins closed, every connected user's state read again. */
  const beat = () =>
    serial(async () => {
      const clients = [...byUser.values()].flatMap((set) => [...set]);
      for (const client of clients) client.sink.write(': heartbeat\n\n');
      const logins = [...new Set(clients.flatMap((c) => (c.login === null ? [] : [c.login])))];
      const ended = new Set(await endedLogins(db, logins));
      for (const client of clients) if (client.login !== null && ended.has(client.login)) end(client);
      if (byUser.size > 0) push(await repo.states([...byUser.keys()]));
    });

  function onChange(change: NotificationChange) {
    if (byUser.size === 0 || closed) return;
    if (change.kind === 'read') {
      if (byUser.has(change.userId)) void serial(async () => push(await repo.states([change.userId])));
      return;
    }
    if (wake) return;
    wake = setTimeout(() => {
      wake = null;
      lookSoon();
    }, WAKE_DELAY_MS);
    wake.unref();
  }
  const unsubscribe = localChanges.subscribe(onChange);

  /** The watcher starts with the first stream: the newest id now is where its looks start. */
  function start(): Promise<void> {
    if (highest !== null) return Promise.resolve();
    starting ??= (async () => {
      const newest = await repo.highest();
      // Every stream may have gone while the look was out: then nothing starts.
      if (byUser.size === 0 || closed) return;
      highest = newest;
      timers = [setInterval(lookSoon, config.pollMs), setInterval(() => void beat(), config.heartbeatMs)];
      for (const timer of timers) timer.unref();
    })().finally(() => {
      starting = null;
    });
    return starting;
  }

  function stop() {
    run += 1;
    for (const timer of timers) clearInterval(timer);
    timers = [];
    highest = null;
    sent.clear();
  }

  function remove(client: Client) {
    if (client.expiry) clearTimeout(client.expiry);
    const set = byUser.get(client.userId);
    if (!set?.delete(client)) return;
    if (set.size === 0) {
      byUser.delete(client.userId);
      sent.delete(client.userId);
    }
    if (byUser.size === 0) stop();
  }

  function end(client: Client) {
    remove(client);
    if (!client.sink.writableEnded) client.sink.end();
  }

  return {
    /**
     * Opens a stream for a signed-in user (`authorization`: the request's header, its token verified by the
     * auth hook): 429 past NOTIFY_STREAM_PER_USER streams of the user, 401 for a login that ended. Answers
     * the stream, which starts with the retry hint and the user's state; it ends when its token expires.
     */
    async open(userId: number, login: string | null, authorization: string): Promise<PassThrough> {
      if (closed) throw new HttpError(503, 'The server is restarting. Please try again in a moment.');
      if ((byUser.get(userId)?.size ?? 0) >= config.perUser) {
        throw new HttpError(429, TOO_MANY, { 'retry-after': '60' });
      }
      const expiresAt = accessExpiresAt(authorization.slice('Bearer '.length));
      if (login && (await endedLogins(db, [login])).length > 0) throw tokenInvalid();
      const sink = new PassThrough();
      const client: Client = { userId, login, sink, expiry: null };
      if (expiresAt !== null) {
        client.expiry = setTimeout(() => end(client), Math.max(0, expiresAt - Date.now()));
        client.expiry.unref();
      }
      sink.on('close', () => remove(client));
      sink.write(`retry: ${RETRY_HINT_MS}\n\n`);
      byUser.set(userId, (byUser.get(userId) ?? new Set()).add(client));
      try {
        await start();
        await serial(async () => push(await repo.states([userId]), client));
      } catch (error) {
        end(client);
        throw error;
      }
      return sink;
    },
    /** Shutdown: every stream ends (clients reconnect, to another instance behind the proxy), the watcher stops. */
    close() {
      closed = true;
      unsubscribe();
      if (wake) clearTimeout(wake);
      for (const clients of [...byUser.values()]) for (const client of [...clients]) end(client);
      stop();
    },
  };
}
