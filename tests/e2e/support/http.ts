/**
 * `fetch` for the suite's own requests to the app (not the browser's). The server closes a keep-alive connection
 * idle for KEEP_ALIVE_TIMEOUT_SECONDS (5); Node's fetch drops its idle connections a second sooner, but on a
 * loaded machine its timer can run late, and a request written to a connection the server is closing is reset
 * before the server read it (`fetch failed`, ECONNRESET, seen once in a full run). A browser sends such a
 * request again on a new connection; so does this, once, and only for that error: any other failure, or a second
 * reset, is the test's to see.
 */
export async function send(url: string | URL, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (!resetBeforeAnswer(error)) throw error;
    return fetch(url, init);
  }
}

function resetBeforeAnswer(error: unknown): boolean {
  const code = error instanceof TypeError ? (error.cause as { code?: unknown } | undefined)?.code : undefined;
  return code === 'ECONNRESET' || code === 'UND_ERR_SOCKET';
}
