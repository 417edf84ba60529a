// The benchmark's ceiling: plain node:http answering fixed bytes (the programs list as the project
// serves it), in PROCESSES cluster workers sharing PORT, like the project. Run by scripts/bench-api.ts.
import cluster from 'node:cluster';
import http from 'node:http';
import process from 'node:process';
import { Buffer } from 'node:buffer';

const processes = Number(process.env.PROCESSES || 1);
if (cluster.isPrimary && processes > 1) {
  for (let i = 0; i < processes; i++) cluster.fork();
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
    process.exit(0);
  });
} else {
  const body = Buffer.from(process.env.BODY ?? '[]');
  http
    .createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      response.end(body);
    })
    .listen(Number(process.env.PORT), '127.0.0.1');
}
