import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  ONE_OFF_BROTLI_QUALITY,
  ONE_OFF_ENCODINGS,
  ONE_OFF_GZIP_LEVEL,
} from '../../server/platform/http/http-cache.ts';
import { Client, Part, until } from './exam-client.ts';
import { ROOT, SECRET } from './config.ts';
import { freePort, stop, waitUp } from './servers.ts';

/**
 * `npm run bench:exam`'s floor of a start (bench/start-floor.mjs): the least any server must do per start (the
 * request read, the token's signature, one INSERT to PostgreSQL, the start's answer as the project wrote it in
 * this run, compressed per request as the project compresses a one-off answer), in two instances of one process like the project's, loaded exactly as the starts were (each
 * student's request at its moment of the start spread, alternating between the instances). What the project's
 * start costs above it is the start's own; what the floor costs is the machine's.
 */

export type Floor = { children: ChildProcess[]; ports: number[] };

export async function startFloor(databaseUrl: string, bodyFile: string, questions: number): Promise<Floor> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(`CREATE TABLE bench_floor_attempts (id bigserial PRIMARY KEY, student_id integer NOT NULL,
    started_at text NOT NULL, question_order text NOT NULL)`);
  await db.end();
  const floor: Floor = { children: [], ports: [] };
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    const child = spawn(process.execPath, [path.join(ROOT, 'bench', 'start-floor.mjs')], {
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        SECRET,
        BODY_FILE: bodyFile,
        QUESTIONS: String(questions),
        BROTLI_QUALITY: String(ONE_OFF_BROTLI_QUALITY),
        GZIP_LEVEL: String(ONE_OFF_GZIP_LEVEL),
        ENCODINGS: ONE_OFF_ENCODINGS.join(','),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    floor.children.push(child);
    floor.ports.push(port);
  }
  // Up when it answers (401 without a token).
  for (const [i, child] of floor.children.entries()) {
    await waitUp(child, `http://127.0.0.1:${floor.ports[i]}/`, 'the floor of a start');
  }
  return floor;
}

/** Every student's start against the floor, at the moments the real starts had; an untimed warm-up first. */
export async function loadFloor(floor: Floor, tokens: string[], spreadMs: number): Promise<Part> {
  const client = new Client(floor.ports);
  const once = async (part: Part, at: number) => {
    await Promise.all(
      tokens.map(async (token, i) => {
        await until(at + (i * spreadMs) / tokens.length);
        await client.call(part, i % client.instances, 'POST', '/', { token, expected: [201] });
      }),
    );
  };
  try {
    await once(new Part(), Date.now() + 100);
    const part = new Part();
    await once(part, Date.now() + 1000);
    return part;
  } finally {
    client.close();
  }
}

export async function stopFloor(floor: Floor): Promise<void> {
  for (const child of floor.children) await stop(child);
}

/** Writes a start's answer to a file of `dir` for the floor to send. */
export function floorBody(dir: string, body: string): string {
  const file = path.join(dir, 'start-answer.json');
  fs.writeFileSync(file, body);
  return file;
}
