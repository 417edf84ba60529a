import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogSink } from '../../server/platform/lib/log-sink.ts';

/** The request log's writer (server/platform/lib/log-sink.ts) on a real file: every line, in order, never lost. */
const files: string[] = [];
function logFile() {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'log-sink-')), 'log');
  files.push(file);
  return { file, fd: fs.openSync(file, 'a') };
}
const read = (file: string) => fs.readFileSync(file, 'utf8');
const line = (i: number) => `{"n":${i},"msg":"${'x'.repeat(i % 97)}"}\n`;

afterEach(() => {
  for (const file of files.splice(0)) fs.rmSync(path.dirname(file), { recursive: true, force: true });
});

describe('the log sink', () => {
  it('keeps a few lines in memory and writes them on flush, in order', async () => {
    const { file, fd } = logFile();
    const sink = createLogSink(fd);
    for (let i = 0; i < 3; i++) sink.write(line(i));
    expect(read(file)).toBe('');
    await new Promise<void>((resolve) => sink.flush(resolve));
    expect(read(file)).toBe([0, 1, 2].map(line).join(''));
    sink.close();
  });

  it('writes many lines in batches while more arrive, every line once and in order', async () => {
    const { file, fd } = logFile();
    const sink = createLogSink(fd);
    const expected: string[] = [];
    for (let i = 0; i < 5000; i++) {
      expected.push(line(i));
      sink.write(line(i));
      // Let the batches already handed to the kernel finish now and then, as a server's event loop would.
      if (i % 500 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    await new Promise<void>((resolve) => sink.flush(resolve));
    expect(read(file)).toBe(expected.join(''));
    sink.close();
  });

  it('writes what is waiting within about a second without being asked', async () => {
    const { file, fd } = logFile();
    const sink = createLogSink(fd);
    sink.write(line(1));
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(read(file)).toBe(line(1));
    sink.close();
  });

  it('close writes what is waiting at once, synchronously (process exit)', () => {
    const { file, fd } = logFile();
    const sink = createLogSink(fd);
    sink.write(line(1));
    sink.write(line(2));
    sink.close();
    expect(read(file)).toBe(line(1) + line(2));
  });

  it('close writes a batch a full pipe refused, before what is queued, waiting for the pipe to be read', async () => {
    const { file } = logFile();
    const fifo = path.join(path.dirname(file), 'fifo');
    execFileSync('mkfifo', [fifo]);
    // One descriptor holding both ends (Linux), non-blocking, and nobody reading yet: a log reader that stalled.
    const fd = fs.openSync(fifo, fs.constants.O_RDWR | fs.constants.O_NONBLOCK);
    let filled = 0;
    for (;;) {
      try {
        filled += fs.writeSync(fd, Buffer.alloc(4096, 'f'));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EAGAIN') break;
        throw error;
      }
    }
    const sink = createLogSink(fd);
    const lines = Array.from({ length: 400 }, (_, i) => line(i));
    // The first 16 kB go out as a batch, which the full pipe refuses: it waits for its retry.
    for (const l of lines.slice(0, 300)) sink.write(l);
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const l of lines.slice(300)) sink.write(l);
    // A reader comes (another process) while close() writes at exit.
    const reader = spawn('sh', ['-c', 'exec cat "$0" > "$1"', fifo, file]);
    sink.close();
    fs.closeSync(fd);
    await once(reader, 'exit');
    expect(read(file)).toBe('f'.repeat(filled) + lines.join(''));
  });
});
