/**
 * `npm run bench:durability`: what `synchronous=FULL` costs. Every SQLite commit of the app runs with
 * FULL (server/platform/db/connect.ts), so a completed payment is on disk before its answer leaves, through a power
 * loss too; WAL with NORMAL (the usual setting) may lose the last commits then. This measures, in one run
 * on the same disk, commits per second and latency of a transaction shaped like a payment completion
 * (one row updated, enrollment, invoice number and audit rows inserted) in WAL mode with NORMAL and with
 * FULL, and prints a table (the last one is kept in docs/operations.md).
 *
 * Environment: COMMITS (2000 per mode).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';

const COMMITS = Number(process.env.COMMITS ?? 2000);

function measure(mode: 'NORMAL' | 'FULL') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'durability-'));
  const db = new SQLite(path.join(dir, 'bench.sqlite'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${mode}`);
    db.exec(`
      CREATE TABLE payment (id INTEGER PRIMARY KEY, status TEXT NOT NULL, amount INTEGER NOT NULL);
      CREATE TABLE enrollment (id INTEGER PRIMARY KEY, payment_id INTEGER NOT NULL, status TEXT NOT NULL);
      CREATE TABLE invoice (id INTEGER PRIMARY KEY, payment_id INTEGER NOT NULL UNIQUE, number TEXT NOT NULL UNIQUE);
      CREATE TABLE audit (id INTEGER PRIMARY KEY, entity TEXT NOT NULL, changes TEXT NOT NULL);
    `);
    const insertPayment = db.prepare(`INSERT INTO payment (id, status, amount) VALUES (?, 'pending', 45000)`);
    for (let i = 1; i <= COMMITS; i++) insertPayment.run(i);
    const complete = db.prepare(`UPDATE payment SET status = 'completed' WHERE id = ? AND status = 'pending'`);
    const enroll = db.prepare(`INSERT INTO enrollment (payment_id, status) VALUES (?, 'active')`);
    const invoice = db.prepare(`INSERT INTO invoice (payment_id, number) VALUES (?, ?)`);
    const audit = db.prepare(`INSERT INTO audit (entity, changes) VALUES ('payment', ?)`);
    const completion = db.transaction((id: number) => {
      complete.run(id);
      enroll.run(id);
      invoice.run(id, `CCI/26-27/${String(id).padStart(5, '0')}`);
      audit.run(JSON.stringify({ status: ['pending', 'completed'] }));
    });
    const latencies: number[] = [];
    const started = process.hrtime.bigint();
    for (let i = 1; i <= COMMITS; i++) {
      const t = process.hrtime.bigint();
      completion(i);
      latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
    return { mode, perSecond: COMMITS / seconds, p50: at(0.5), p99: at(0.99) };
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const normal = measure('NORMAL');
const full = measure('FULL');
const rows = [normal, full].map(
  (r) =>
    `| WAL + synchronous=${r.mode} | ${Math.round(r.perSecond).toLocaleString('en-IN')} | ${r.p50.toFixed(3)} | ${r.p99.toFixed(3)} | ${(r.perSecond / normal.perSecond).toFixed(2)} |`,
);
console.log(
  [
    `Payment-completion-shaped commits on SQLite, ${COMMITS} per mode, ${os.cpus().length} cores, ${os.tmpdir()}:`,
    '',
    '| mode | commits/s | p50 ms | p99 ms | ratio to NORMAL |',
    '|---|---:|---:|---:|---:|',
    ...rows,
  ].join('\n'),
);
