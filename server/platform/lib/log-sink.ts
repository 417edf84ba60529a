import fs from 'node:fs';

/** Lines are handed to the kernel in batches of at least this many bytes (or every second). */
const BATCH_BYTES = 16 * 1024;
/** A reader that stops reading (a stalled pipe) costs at most this much memory; later lines are dropped and counted. */
const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;
const FLUSH_EVERY_MS = 1000;
/** At exit, how long a full pipe's reader is waited for before the lines left are given up. */
const EXIT_WAIT_MS = 2000;
/** What close() sleeps on between its tries of a full pipe (Atomics.wait on a value that never changes). */
const PAUSE = new Int32Array(new SharedArrayBuffer(4));

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
 * array push. Partial writes and EAGAIN (a full non-blocking pipe) are retried; what is queued (and a batch
 * waiting for its retry) is written synchronously when the process exits, waiting up to two seconds for the
 * reader of a full pipe.
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

  /**
   * A batch the kernel refused for now (EAGAIN: a full non-blocking pipe), waiting for its retry. The retry
   * writes synchronously (on a non-blocking pipe that never waits), so a refused batch is always here or out,
   * never in flight in the thread pool, and close() can write it at exit.
   */
  let retrying: { bytes: Buffer; timer: NodeJS.Timeout } | null = null;

  /** After `written` bytes of `bytes` went out: the rest, then the next batch or the flush's waiters. */
  function wrote(bytes: Buffer, written: number): void {
    if (written < bytes.length) return writeOut(bytes.subarray(written));
    writing = false;
    if (queuedBytes > 0 && (queuedBytes >= BATCH_BYTES || waiters.length > 0)) start();
    else settle();
  }

  function writeOut(bytes: Buffer): void {
    fs.write(fd, bytes, 0, bytes.length, null, (error, written) => {
      if (error?.code === 'EAGAIN') return retryLater(bytes);
      // A closed or broken log (EPIPE, EBADF): the lines are lost, the server goes on.
      wrote(bytes, error ? bytes.length : written);
    });
  }

  function retryLater(bytes: Buffer): void {
    const timer = setTimeout(() => {
      retrying = null;
      let written: number;
      try {
        written = fs.writeSync(fd, bytes);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EAGAIN') return retryLater(bytes);
        written = bytes.length;
      }
      wrote(bytes, written);
    }, 10);
    timer.unref();
    retrying = { bytes, timer };
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
    // The batch waiting out a full pipe goes first: it was taken from the queue, so it is older than the queue.
    const waiting = retrying;
    retrying = null;
    if (waiting) {
      clearTimeout(waiting.timer);
      writing = false;
    }
    if (!waiting && queuedBytes === 0) return;
    const bytes = waiting ? Buffer.concat([waiting.bytes, take()]) : take();
    // A full pipe (EAGAIN) is waited on for its reader, in steps of 5 ms, for at most EXIT_WAIT_MS in all.
    let offset = 0;
    let waited = 0;
    while (offset < bytes.length) {
      try {
        offset += fs.writeSync(fd, bytes, offset);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN' || waited >= EXIT_WAIT_MS) return;
        Atomics.wait(PAUSE, 0, 0, 5);
        waited += 5;
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
