import fs from 'node:fs';
import pg from 'pg';

/**
 * What a phase of `npm run bench:exam` costs: CPU seconds of the server instances' processes (their
 * cluster workers included), of the PostgreSQL backends serving the bench database, and of this client,
 * and the database's transactions. Read from /proc (Linux) every half second and at each mark, so a
 * process killed between two samples loses at most half a second.
 */

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU milliseconds (user + system) a process has used, or null once it is gone. */
export function cpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime, stime
  } catch {
    return null;
  }
}

/** The process and its descendants. */
export function withChildren(pid: number): number[] {
  try {
    const children = fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number);
    return [pid, ...children.flatMap(withChildren)];
  } catch {
    return [pid];
  }
}

export type Mark = { at: number; server: number; database: number; client: number; transactions: number };

export class CostMeter {
  private readonly last = { server: new Map<number, number>(), database: new Map<number, number>() };
  private databasePids: number[] = [];
  private readonly client: pg.Client;
  private timer: NodeJS.Timeout | null = null;
  /** One query at a time on the meter's connection. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    url: string,
    private readonly serverPids: () => number[],
  ) {
    this.client = new pg.Client({ connectionString: url });
  }

  private sample(): void {
    for (const pid of this.serverPids().flatMap(withChildren)) {
      const ms = cpuMs(pid);
      if (ms !== null) this.last.server.set(pid, ms);
    }
    for (const pid of this.databasePids) {
      const ms = cpuMs(pid);
      if (ms !== null) this.last.database.set(pid, ms);
    }
  }

  private query<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
    const next = this.queue.then(() => this.client.query<T>(text)).then((r) => r.rows);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async backends(): Promise<void> {
    const rows = await this.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    this.databasePids = rows.map((r) => r.pid);
  }

  async start(): Promise<void> {
    await this.client.connect();
    await this.backends();
    this.timer = setInterval(() => {
      this.backends().then(
        () => this.sample(),
        () => undefined,
      );
    }, 500);
  }

  /** The totals so far (CPU ms, transactions committed or rolled back in the bench database). */
  async mark(): Promise<Mark> {
    await this.backends();
    this.sample();
    const sum = (m: Map<number, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    // The statistics of the backends' transactions reach pg_stat_database within a second or so.
    const rows = await this.query<{ n: string }>(
      `SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()`,
    );
    const usage = process.cpuUsage();
    return {
      at: Date.now(),
      server: sum(this.last.server),
      database: sum(this.last.database),
      client: (usage.user + usage.system) / 1000,
      transactions: Number(rows[0]!.n),
    };
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.queue;
    await this.client.end();
  }
}

/** The cost of a phase between two marks, per operation. */
export function costPer(from: Mark, to: Mark, operations: number) {
  const per = (n: number) => (operations > 0 ? n / operations : NaN);
  return {
    seconds: (to.at - from.at) / 1000,
    server: per(to.server - from.server),
    database: per(to.database - from.database),
    client: per(to.client - from.client),
    transactions: per(to.transactions - from.transactions),
  };
}
