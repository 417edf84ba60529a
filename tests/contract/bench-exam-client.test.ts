import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { BROWSER_ACCEPT_ENCODING, Client, Part, sleep } from '../../scripts/bench/exam-client.ts';

/**
 * `npm run bench:exam`'s client against a server that closes idle connections after 2 s (and says so:
 * `Keep-Alive: timeout=2`), as the instances do after KEEP_ALIVE_TIMEOUT_SECONDS (decision record 094).
 */
async function serve(delayMs: (path: string) => number) {
  const connections: string[] = [];
  const server = http.createServer((request, response) => {
    setTimeout(() => response.end('{}'), delayMs(request.url ?? '/'));
  });
  server.keepAliveTimeout = 2000;
  server.on('connection', (socket) => connections.push(`${socket.remotePort}`));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { server, port, connections };
}

const servers: http.Server[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe("bench:exam's client keeps a connection only while the server would", () => {
  it("does not reuse a connection idle longer than the server's Keep-Alive hint less a second", async () => {
    const { server, port, connections } = await serve(() => 0);
    servers.push(server);
    const client = new Client([port]);
    clients.push(client);
    const part = new Part();
    await client.call(part, 0, 'GET', '/one');
    await client.call(part, 0, 'GET', '/two'); // at once: the same connection
    expect(connections).toHaveLength(1);
    // 1.5 s idle: within the server's 2 s, past the hint less a second (1 s). Without its own timeout, Node's
    // agent drops the hint and would send this on the old connection, which the server may be closing.
    await sleep(1500);
    await client.call(part, 0, 'GET', '/three');
    expect(connections).toHaveLength(2);
    expect(part.errors).toBe(0);
    expect(client.failures).toEqual([]);
  });

  it('waits for an answer on a reused connection as long as on a new one, not the idle timeout', async () => {
    // The second request, on the first one's connection, is answered after 1.5 s: longer than the 1 s the
    // connection was given while idle. Node gives a reused connection the request's timeout only when it
    // differs from the agent's own; with the two equal, the request was cut at the idle timeout.
    const { server, port, connections } = await serve((path) => (path === '/slow' ? 1500 : 0));
    servers.push(server);
    const client = new Client([port]);
    clients.push(client);
    const part = new Part();
    await client.call(part, 0, 'GET', '/fast');
    const answer = await client.call(part, 0, 'GET', '/slow');
    expect(connections).toHaveLength(1);
    expect(answer?.status).toBe(200);
    expect(client.failures).toEqual([]);
    expect(part.retried).toBe(0);
  });
});

describe("bench:exam's client asks for compressed answers and reads them, as the exam screen's browser does", () => {
  it("sends Chromium's Accept-Encoding and reads a brotli, a gzip and an identity answer as the same text", async () => {
    const text = JSON.stringify({
      questions: Array.from({ length: 50 }, (_, i) => ({ id: i, text: 'Ratio analysis' })),
    });
    const asked: (string | undefined)[] = [];
    const server = http.createServer((request, response) => {
      asked.push(request.headers['accept-encoding']);
      const encoding = request.url?.slice(1) ?? '';
      const body =
        encoding === 'br' ? brotliCompressSync(text) : encoding === 'gzip' ? gzipSync(text) : Buffer.from(text);
      response.writeHead(200, encoding === 'identity' ? {} : { 'content-encoding': encoding });
      response.end(body);
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = new Client([(server.address() as AddressInfo).port]);
    clients.push(client);
    const part = new Part();
    for (const encoding of ['br', 'gzip', 'identity']) {
      expect((await client.call(part, 0, 'GET', `/${encoding}`))?.body).toBe(text);
    }
    expect(asked).toEqual([BROWSER_ACCEPT_ENCODING, BROWSER_ACCEPT_ENCODING, BROWSER_ACCEPT_ENCODING]);
    expect(part.errors).toBe(0);
  });
});
