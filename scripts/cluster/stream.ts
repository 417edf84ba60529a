import { API, NOTIFY_PATHS, UnreadEvent } from '../../contract/index.ts';

/**
 * `npm run smoke:cluster`'s checks of the unread stream through nginx (decision record 080): the stream's
 * first event arrives at once (its location has `proxy_buffering off`, and the app answers
 * `X-Accel-Buffering: no`), and an announcement posted through the proxy (on either instance) arrives on it.
 */
type Check = (what: string, ok: boolean, detail?: string) => void;
type Row = { course: number; course_type: string; batch: { id: number } | null };

const json = async (base: string, url: string, token: string, body?: unknown) => {
  const res = await fetch(`${base}${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
};

/** The student's program enrollments (the list answers an array, or a page of them). */
export async function enrollmentsOf(proxy: string, token: string): Promise<Row[]> {
  const body = (await json(proxy, API.enrollments.list, token)).body as Row[] | { results: Row[] };
  return (Array.isArray(body) ? body : body.results).filter((row) => row.course_type === 'program');
}

export async function streamThroughProxy(proxy: string, student: string, admin: string, check: Check) {
  const abort = new AbortController();
  const events: UnreadEvent[] = [];
  const res = await fetch(`${proxy}${NOTIFY_PATHS.stream}`, {
    headers: { authorization: `Bearer ${student}`, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  const reading = (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      buffer += read.value;
      for (let at = buffer.indexOf('\n\n'); at !== -1; at = buffer.indexOf('\n\n')) {
        const data = /^data: (.*)$/m.exec(buffer.slice(0, at))?.[1];
        if (data) events.push(UnreadEvent.parse(JSON.parse(data)));
        buffer = buffer.slice(at + 2);
      }
    }
  })().catch(() => undefined);
  const arrived = async (count: number, ms: number) => {
    for (const end = Date.now() + ms; events.length < count && Date.now() < end;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return events.length >= count;
  };
  try {
    check(
      'the unread stream opens through the proxy, its first event at once (unbuffered)',
      res.headers.get('content-type')?.startsWith('text/event-stream') === true && (await arrived(1, 3000)),
      `${res.status} ${res.headers.get('content-type')}`,
    );
    const batch = (await enrollmentsOf(proxy, student)).find((row) => row.batch)?.batch?.id;
    const body = { title: 'Smoke test', body: 'Through the proxy.' };
    const posted = batch ? await json(proxy, NOTIFY_PATHS.announcements(batch), admin, body) : null;
    const raised = (await arrived(2, 10_000)) && events[1]!.unread === events[0]!.unread + 1;
    check(
      'an announcement through the proxy arrives on the stream',
      raised,
      `${posted?.status} ${JSON.stringify(events)}`,
    );
  } finally {
    abort.abort();
    await reading;
  }
}
