import { CostMeter, cpuMs, withChildren, type Mark } from './exam-cost.ts';

/**
 * What a phase of `npm run bench:notify` costs. On PostgreSQL the bench:exam meter (scripts/bench/exam-cost.ts:
 * the server's processes, the database's backends, the client, transactions); on SQLite, whose work is in the
 * server's own process, the server's and the client's CPU only (database and transactions 0).
 */
export type Meter = { start(): Promise<void>; mark(): Promise<Mark>; stop(): Promise<void> };

function serverOnlyMeter(serverPids: () => number[]): Meter {
  const last = new Map<number, number>();
  let timer: NodeJS.Timeout | null = null;
  const sample = () => {
    for (const pid of serverPids().flatMap(withChildren)) {
      const ms = cpuMs(pid);
      if (ms !== null) last.set(pid, ms);
    }
  };
  return {
    async start() {
      timer = setInterval(sample, 500);
    },
    async mark() {
      sample();
      const usage = process.cpuUsage();
      return {
        at: Date.now(),
        server: [...last.values()].reduce((a, b) => a + b, 0),
        database: 0,
        client: (usage.user + usage.system) / 1000,
        transactions: 0,
      };
    },
    async stop() {
      if (timer) clearInterval(timer);
    },
  };
}

export const meterFor = (url: string, serverPids: () => number[]): Meter =>
  url.startsWith('sqlite:') ? serverOnlyMeter(serverPids) : new CostMeter(url, serverPids);
