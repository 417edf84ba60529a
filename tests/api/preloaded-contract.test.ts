import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  API,
  AppConfig,
  Faculty,
  Policy,
  Program,
  ProgramDetail,
  Resource,
  SuccessStory,
  Testimonial,
  Workshop,
} from '../../contract/index.ts';
import { PUBLIC_PAGES } from '../../server/platform/lib/public-pages.ts';
import { PRELOAD_PLACEMENT_SUMMARY, PRELOAD_TESTIMONIALS } from '../../src/features/marketing/preload-keys.ts';
import { PlacementSummary } from '../../contract/placement.ts';
import { PRELOAD } from '../../src/lib/preloaded.ts';
import { ctx, page, preloaded, useServerRenderingApp } from './support/server-rendering-app.ts';

/**
 * The data a server-rendered page embeds for the SPA to hydrate from is what the contract says: every
 * key of every public page (and a program's own page) parses with its contract schema, strictly (no field
 * missing, none extra). The SPA takes that data as it is, without loading the schemas (decision record
 * 057), so this test is where it is checked.
 */

const SCHEMAS: Record<string, z.ZodType> = {
  [PRELOAD.programs]: Program.array(),
  [PRELOAD.faculty]: Faculty.array(),
  [PRELOAD.workshopsUpcoming]: Workshop.array(),
  [PRELOAD.successStories]: SuccessStory.array(),
  [PRELOAD.resources]: Resource.array(),
  [PRELOAD_TESTIMONIALS]: Testimonial.array(),
  [PRELOAD_PLACEMENT_SUMMARY]: PlacementSummary,
  [PRELOAD.config]: AppConfig,
};

/** A schema that refuses fields it does not name, at every level of objects and arrays. */
function strict(schema: z.ZodType): z.ZodType {
  const def = (schema as unknown as { def: { type: string } }).def;
  if (def.type === 'array') return (strict((schema as z.ZodArray).element as z.ZodType) as z.ZodType).array();
  if (def.type === 'object') {
    const object = schema as z.ZodObject;
    const shape = Object.fromEntries(Object.entries(object.shape).map(([k, v]) => [k, strict(v as z.ZodType)]));
    return object.extend(shape).strict();
  }
  if (def.type === 'nullable') return strict((schema as z.ZodNullable).unwrap() as z.ZodType).nullable();
  return schema;
}

useServerRenderingApp();

async function preloadedOf(url: string): Promise<Record<string, unknown>> {
  const { status, html } = await page(url);
  expect(status, url).toBe(200);
  return preloaded(html);
}

describe('the data server-rendered pages embed', () => {
  it('parses with the contract on every public page, and the list pages embed their lists', async () => {
    const seen = new Set<string>();
    for (const page of PUBLIC_PAGES) {
      for (const [key, data] of Object.entries(await preloadedOf(page))) {
        const schema = key.startsWith('policy:') ? Policy : SCHEMAS[key];
        expect(schema, `${page}: no schema known for the embedded "${key}"`).toBeDefined();
        const parsed = strict(schema!).safeParse(data);
        expect(parsed.success, `${page} "${key}": ${parsed.error?.message}`).toBe(true);
        seen.add(key);
      }
    }
    for (const key of [PRELOAD.programs, PRELOAD.faculty, PRELOAD.workshopsUpcoming, PRELOAD.resources])
      expect(seen, key).toContain(key);
  });

  it("parses with the contract on a program's own page", async () => {
    const [program] = (await ctx.request({ url: API.programs.list })).body as Program[];
    const data = (await preloadedOf(`/programs/${program!.id}`))[PRELOAD.program(program!.id)];
    const parsed = strict(ProgramDetail).safeParse(data);
    expect(parsed.success, parsed.error?.message).toBe(true);
    expect(data).toMatchObject({ id: program!.id, title: program!.title });
  });
});
