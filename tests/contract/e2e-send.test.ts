import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { send } from '../e2e/support/http.ts';

/** The end-to-end suite's `send` (tests/e2e/support/http.ts) against a real server that resets or answers. */
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function serve(handle: (req: IncomingMessage, res: ServerResponse, n: number) => void): Promise<{
  url: string;
  requests: () => number;
}> {
  let n = 0;
  const server = createServer((req, res) => handle(req, res, ++n));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, requests: () => n };
}

describe("the end-to-end suite's own requests", () => {
  it('are sent again, once, on a new connection when the first is reset before an answer', async () => {
    const server = await serve((req, res, n) => (n === 1 ? req.socket.resetAndDestroy() : res.end('second')));
    const answer = await send(server.url, { method: 'POST', body: 'x' });
    expect(await answer.text()).toBe('second');
    expect(server.requests()).toBe(2);
  });

  it('fail when the second is reset too', async () => {
    const server = await serve((req) => req.socket.resetAndDestroy());
    await expect(send(server.url)).rejects.toThrow('fetch failed');
    expect(server.requests()).toBe(2);
  });

  it('are not sent again when the server answered, even with an error', async () => {
    const server = await serve((_req, res) => {
      res.statusCode = 500;
      res.end('failed');
    });
    expect((await send(server.url)).status).toBe(500);
    expect(server.requests()).toBe(1);
  });
});
