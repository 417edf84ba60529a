import { afterAll, beforeAll, expect } from 'vitest';
import { PLACEMENT_PATHS as P, type Employer } from '../../../contract/index.ts';
import { insertProgram, istDay } from './certificate-fixtures.ts';
import type { Config } from '../../../server/config.ts';
import { createMailWorker } from '../../../server/platform/mail/worker.ts';
import { createTestApp, type TestContext, type TestUser } from './harness.ts';
import { placementBatch, placementStudents } from './placement-fixtures.ts';

/** The placement files' app: an administrator, a student who completed a batch of a program, a stranger. */
export type PlacementWorld = {
  ctx: TestContext;
  admin: TestUser;
  student: TestUser;
  stranger: TestUser;
  programId: number;
  batchId: number;
};

/** Made before a file's tests, closed after; read its fields inside tests and hooks. */
export function usePlacementWorld(config: Partial<Config> = {}): PlacementWorld {
  const world = {} as PlacementWorld;
  beforeAll(async () => {
    world.ctx = await createTestApp({ config });
    world.admin = await world.ctx.user('placementadmin', 'admin');
    world.student = await world.ctx.user('placedstudent');
    world.stranger = await world.ctx.user('otherstudent');
    world.programId = (await insertProgram(world.ctx.db, 'Credit Analyst Placement Program', 1)).programId;
    world.batchId = await placementBatch(world.ctx.db, world.programId, 'Batch of the access tests', istDay(-30));
    await placementStudents(world.ctx.db, world.batchId, [world.student.id], { status: 'completed' });
  });
  afterAll(async () => world.ctx?.close());
  return world;
}

/** An employer the office adds (201 expected). */
export async function addEmployer(world: PlacementWorld, name: string, extra: Record<string, unknown> = {}) {
  const res = await world.ctx.request({
    method: 'POST',
    url: P.employers,
    token: world.admin.access,
    body: { name, sector: 'bank', ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Employer;
}

/** Sends the outbox and answers the token of the last confirmation email to `to`, as its recipient reads it. */
export async function confirmationTokenSentTo(ctx: TestContext, to: string): Promise<string> {
  const sent: { to: string; text: string }[] = [];
  const worker = createMailWorker({
    db: ctx.db,
    dialect: ctx.app.deps.dialect,
    config: { ...ctx.config, smtpUrl: null },
    transport: { send: async (m) => void sent.push(m as never), close: () => undefined },
  });
  await worker.runOnce();
  await worker.stop();
  const mail = sent.filter((m) => m.to === to).at(-1)!;
  return /#token=([\w-]+)/.exec(mail.text)![1]!;
}
