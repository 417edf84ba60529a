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

type RotateRequest = { type: 'cci:rotate'; id: number; jti: string };
type RotateAnswer = { type: 'cci:rotated'; id: number; outcome?: Rotated | null; error?: string };

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
    const reply = (answer: RotateAnswer) => {
      if (worker.isConnected()) worker.send(answer);
    };
    rotate(message.jti).then(
      (outcome) => reply({ type: 'cci:rotated', id: message.id, outcome }),
      (error: unknown) =>
        reply({ type: 'cci:rotated', id: message.id, error: error instanceof Error ? error.message : String(error) }),
    );
  };
  cluster.on('message', onMessage);
  return () => void cluster.off('message', onMessage);
}

/** A worker's side: each rotation is asked of the primary and settles with its answer. */
export function rotationsThroughPrimary(): Rotate {
  const pending = new Map<number, { resolve: (outcome: Rotated | null) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  process.on('message', (message: unknown) => {
    if (!isAnswer(message)) return;
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.error !== undefined) waiter.reject(new Error(`refresh rotation failed: ${message.error}`));
    else waiter.resolve(message.outcome ?? null);
  });
  return (jti) =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      process.send!({ type: 'cci:rotate', id, jti } satisfies RotateRequest, undefined, undefined, (error) => {
        if (!error) return;
        pending.delete(id);
        reject(error);
      });
    });
}
