import { NOTIFY_PATHS, UnreadEvent } from '../../../contract/notifications.ts';

/**
 * A client of GET /classroom/notifications/stream/ over real HTTP, as the SPA's reader: fetch with the
 * bearer token, the body read as it arrives and parsed as server-sent events (decision record 080).
 */
export type OpenStream = {
  status: number;
  headers: Headers;
  /** The answer's body when it was not a stream (a refusal's JSON). */
  refusal: unknown;
  events: UnreadEvent[];
  comments: string[];
  retry: number | null;
  /** Resolves with the first event (from `from` on) that `wanted` accepts; rejects after `ms`. */
  next: (wanted: (event: UnreadEvent) => boolean, ms?: number, from?: number) => Promise<UnreadEvent>;
  /** Resolves when the server ends the stream (true), or false after `ms`. */
  ended: (ms?: number) => Promise<boolean>;
  close: () => void;
};

export async function openStream(base: string, token: string | null): Promise<OpenStream> {
  const abort = new AbortController();
  const response = await fetch(`${base}${NOTIFY_PATHS.stream}`, {
    headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    signal: abort.signal,
  });
  const stream: OpenStream = {
    status: response.status,
    headers: response.headers,
    refusal: null,
    events: [],
    comments: [],
    retry: null,
    next: (wanted, ms = 10_000, from = 0) => until(() => stream.events.slice(from).find(wanted), ms),
    ended: async (ms = 10_000) =>
      until(() => (done ? true : undefined), ms).then(
        () => true,
        () => false,
      ),
    close: () => abort.abort(),
  };
  let done = false;
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    stream.refusal = await response.json().catch(() => null);
    done = true;
    return stream;
  }
  void read(response, stream).finally(() => (done = true));
  return stream;
}

async function read(response: Response, stream: OpenStream): Promise<void> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let at: number;
      while ((at = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        const fields = block.split('\n');
        const field = (name: string) => fields.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
        for (const line of fields) if (line.startsWith(':')) stream.comments.push(line.slice(1).trim());
        if (field('retry')) stream.retry = Number(field('retry'));
        if (field('event') === 'unread') stream.events.push(UnreadEvent.parse(JSON.parse(field('data')!)));
      }
    }
  } catch {
    // Aborted by the test.
  }
}

function until<T>(found: () => T | undefined, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const check = () => {
      const value = found();
      if (value !== undefined) return resolve(value);
      if (Date.now() - started > ms) return reject(new Error(`nothing arrived within ${ms} ms`));
      setTimeout(check, 20);
    };
    check();
  });
}
