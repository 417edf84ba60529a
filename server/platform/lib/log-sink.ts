import fs from 'node:fs';

/** Lines are handed to the kernel in batches of at least this many bytes (or every second). */
const BATCH_BYTES = 16 * 1024;
/** A reader that stops reading (a stalled pipe) costs at most this much memory; later lines are dropped and counted. */
const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;
const FLUSH_EVERY_MS = 1000;

export type LogSink = {
  /** Queues one line (it must end with a newline); never blocks. */
  write(line: string): boolean;
  /** Writes out everything queued, then calls `done`. */
  flush(done?: () => void): void;
  /** Stops the timer and writes out what is queued synchronously (process exit). */
  close(): void;
};

/**
 * The request log's writer: lines are gathered in memory and written to `fd` asynchronously (libuv's
 * thread pool), one write per batch of BATCH_BYTES or per second, so a request never waits for the disk
 * or for whoever reads the pipe. pino's own destination (sonic-boom) measures the whole pending string
 * again on every line, which made the log the largest cost of a small request; here a line costs an
 * array push. Partial writes and EAGAIN (a full non-blocking pipe) are retried; what is queued is
 * written synchronously when the process exits.
 */
export function createLogSink(fd: number): LogSink {
  let queued: string[] = [];
  let queuedBytes = 0;
  let writing = false;
  let dropped = 0;
  let waiters: (() => void)[] = [];

  function settle(): void {
    if (writing || queuedBytes > 0) return;
    const done = waiters;
    waiters = [];
    for (const waiter of done) waiter();
  }

  function take(): Buffer {
    if (dropped > 0) {
      queued.push(
        `{"level":40,"time":${Date.now()},"pid":${process.pid},"msg":"${dropped} log lines dropped: the log's reader fell behind"}\n`,
      );
      dropped = 0;
    }
    const bytes = Buffer.from(queued.join(''));
    queued = [];
    queuedBytes = 0;
    return bytes;
  }

  function writeOut(bytes: Buffer): void {
    fs.write(fd, bytes, 0, bytes.length, null, (error, written) => {
      if (error) {
        if (error.code === 'EAGAIN') return void setTimeout(() => writeOut(bytes), 10).unref();
        // A closed or broken log (EPIPE, EBADF): the lines are lost, the server goes on.
        written = bytes.length;
      }
      if (written < bytes.length) return writeOut(bytes.subarray(written));
      writing = false;
      if (queuedBytes > 0 && (queuedBytes >= BATCH_BYTES || waiters.length > 0)) start();
      else settle();
    });
  }

  function start(): void {
    if (writing || queuedBytes === 0) return;
    writing = true;
    writeOut(take());
  }

  const timer = setInterval(start, FLUSH_EVERY_MS);
  timer.unref();

  function close(): void {
    clearInterval(timer);
    process.removeListener('exit', close);
    if (queuedBytes === 0) return;
    const bytes = take();
    let offset = 0;
    for (let attempts = 0; offset < bytes.length && attempts < 1000; attempts++) {
      try {
        offset += fs.writeSync(fd, bytes, offset);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') return;
      }
    }
  }
  process.on('exit', close);

  return {
    write(line) {
      if (queuedBytes >= MAX_BUFFERED_BYTES) {
        dropped++;
        return false;
      }
      queued.push(line);
      // UTF-16 length: a cheap stand-in for the byte count, good enough to decide when to write.
      queuedBytes += line.length;
      if (queuedBytes >= BATCH_BYTES) start();
      return true;
    },
    flush(done) {
      if (done) waiters.push(done);
      start();
      settle();
    },
    close,
  };
}
