import cluster from 'node:cluster';
import type { Rotate, Rotated } from './tokens.ts';

/**
 * SQLite with several server processes: refresh rotations are written by one process, the cluster's
 * primary, which the workers ask over node:cluster's IPC channel. SQLite has one writer at a time; with
 * every worker committing its own rotations the processes took turns at the file's write lock (each
 * commit a flush of the log), polling for it and blocking their event loops during their flushes, so
 * refreshes were slower with two processes than with one and their p99 reached tens of milliseconds.
 * With one writer the group commit (tokens.ts) gathers the rotations of every worker into one
 * transaction, and a worker's event loop never waits for the disk. The rules are unchanged: the primary
 * runs the same rotation, in the same transaction, as a single process would. PostgreSQL keeps one
 * writer per process (its row locks need no such help).
 */

/** The rotations a worker asked for in one turn of its event loop, and their answers, one message each way. */
type RotateRequest = { type: 'cci:rotate'; items: Array<{ id: number; jti: string }> };
type RotateAnswer = {
  type: 'cci:rotated';
  items: Array<{ id: number; outcome?: Rotated | null; error?: string }>;
};

const isRequest = (message: unknown): message is RotateRequest =>
  typeof message === 'object' && message !== null && (message as RotateRequest).type === 'cci:rotate';
const isAnswer = (message: unknown): message is RotateAnswer =>
  typeof message === 'object' && message !== null && (message as RotateAnswer).type === 'cci:rotated';

/** The primary's side: answers every worker's rotations with `rotate` (the batching rotator). Returns a stop function. */
export function serveRotations(rotate: Rotate): () => void {
  const onMessage = (
    worker: { send: (message: RotateAnswer) => unknown; isConnected(): boolean },
    message: unknown,
  ) => {
    if (!isRequest(message)) return;
    // Asked in one turn, so they join one batch (one transaction, one commit) and are answered together.
    void Promise.all(
      message.items.map(({ id, jti }) =>
        rotate(jti).then(
          (outcome) => ({ id, outcome }),
          (error: unknown) => ({ id, error: error instanceof Error ? error.message : String(error) }),
        ),
      ),
    ).then((items) => {
      if (worker.isConnected()) worker.send({ type: 'cci:rotated', items });
    });
  };
  cluster.on('message', onMessage);
  return () => void cluster.off('message', onMessage);
}

/** A worker's side: the rotations asked for in one turn go to the primary in one message and settle with its answer. */
export function rotationsThroughPrimary(): Rotate {
  const pending = new Map<number, { resolve: (outcome: Rotated | null) => void; reject: (error: Error) => void }>();
  let queued: RotateRequest['items'] = [];
  let nextId = 0;
  process.on('message', (message: unknown) => {
    if (!isAnswer(message)) return;
    for (const item of message.items) {
      const waiter = pending.get(item.id);
      if (!waiter) continue;
      pending.delete(item.id);
      if (item.error !== undefined) waiter.reject(new Error(`refresh rotation failed: ${item.error}`));
      else waiter.resolve(item.outcome ?? null);
    }
  });
  function flush(): void {
    const items = queued;
    queued = [];
    process.send!({ type: 'cci:rotate', items } satisfies RotateRequest, undefined, undefined, (error) => {
      if (!error) return;
      for (const { id } of items) {
        pending.get(id)?.reject(error);
        pending.delete(id);
      }
    });
  }
  return (jti) =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      if (queued.length === 0) setImmediate(flush);
      queued.push({ id, jti });
    });
}
