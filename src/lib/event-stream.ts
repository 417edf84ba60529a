import { refreshAccessToken } from './api-refresh.ts';
import { tokenStore } from './token-store.ts';

/**
 * Server-sent events read with fetch (decision record 080), not EventSource: the request carries the access
 * token in its Authorization header as every API call does (EventSource sends no header, so the token would
 * go in the URL and into logs). A 401 refreshes the token once (the app-wide refresh) and asks again. The
 * body is parsed as the HTML standard's event stream (lines end in LF, as this server writes them): `event:`,
 * `data:` (lines joined), comments (`:`) ignored, an event dispatched at a blank line. Resolves when the server ends the stream; rejects when it
 * cannot be opened, breaks, or stays silent `silenceMs` (a heartbeat comes far more often). Aborting
 * `signal` ends it quietly: nothing is reported after that.
 */
export type StreamMessage = { event: string; data: string };

export type EventStreamOptions = {
  signal: AbortSignal;
  silenceMs: number;
  onOpen: () => void;
  onMessage: (message: StreamMessage) => void;
};

class StreamRefused extends Error {
  constructor(readonly status: number) {
    super(`The event stream was refused (${status}).`);
  }
}

async function connect(path: string, signal: AbortSignal): Promise<Response> {
  const ask = () => {
    const access = tokenStore.getAccess();
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    if (access) headers.Authorization = `Bearer ${access}`;
    return fetch(path, { headers, signal, cache: 'no-store' });
  };
  let response = await ask();
  if (response.status === 401 && tokenStore.hasAny()) {
    await response.body?.cancel();
    await refreshAccessToken();
    response = await ask();
  }
  if (!response.ok || !response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
    await response.body?.cancel();
    throw new StreamRefused(response.status);
  }
  return response;
}

export async function readEventStream(path: string, options: EventStreamOptions): Promise<void> {
  const { signal } = options;
  // One controller for the caller's abort and for silence (a heartbeat that stopped coming).
  const abort = new AbortController();
  let silent = false;
  const stop = () => abort.abort();
  signal.addEventListener('abort', stop);
  if (signal.aborted) stop();
  const quiet = () =>
    setTimeout(() => {
      silent = true;
      stop();
    }, options.silenceMs);
  let timer = quiet();
  try {
    const response = await connect(path, abort.signal);
    if (signal.aborted) return;
    options.onOpen();
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    let event = '';
    let data: string[] = [];
    for (;;) {
      const { value, done } = await reader.read();
      if (done || signal.aborted) return;
      clearTimeout(timer);
      timer = quiet();
      buffer += value;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const raw of lines) {
        const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
        if (line === '') {
          if (data.length > 0) options.onMessage({ event: event || 'message', data: data.join('\n') });
          event = '';
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const text = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = text;
        else if (field === 'data') data.push(text);
      }
    }
  } catch (error) {
    if (signal.aborted) return;
    throw silent ? new Error('The event stream went silent.') : error;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', stop);
  }
}
