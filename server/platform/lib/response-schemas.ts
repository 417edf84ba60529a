import { z } from 'zod';

/**
 * Response schemas for Fastify's serialiser (fast-json-stringify), generated from the contract's zod
 * schemas (decision record 037): the hot answers are written by code compiled for their shape instead
 * of JSON.stringify. They describe output only: nothing is validated with them (zod validates input in
 * the handlers, decision 006), so the generated JSON Schema keeps only what shapes the output (types,
 * properties, items, nullability, enums and constants) and drops `required` and the value rules, so a
 * serialiser never refuses an answer. Properties outside the contract are not written.
 */
type JsonSchema = { [key: string]: unknown };

/** Keys whose value is one schema, a list of schemas or a map of schemas. */
const ONE = new Set(['items', 'additionalProperties', 'not']);
const LIST = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
const MAP = new Set(['properties', '$defs', 'definitions', 'patternProperties']);
/** Keys that shape output; every other keyword (value rules, `required`, descriptions) is dropped. */
const KEPT = new Set(['type', 'enum', 'const', '$ref', 'nullable', ...ONE, ...LIST, ...MAP]);

function simplify(node: unknown): unknown {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node as JsonSchema)) {
    if (!KEPT.has(key)) continue;
    if (ONE.has(key)) out[key] = typeof value === 'object' ? simplify(value) : value;
    else if (LIST.has(key)) out[key] = (value as unknown[]).map(simplify);
    else if (MAP.has(key))
      out[key] = Object.fromEntries(Object.entries(value as JsonSchema).map(([k, v]) => [k, simplify(v)]));
    else out[key] = value;
  }
  // zod writes `T | null` as type [T, "null"] or anyOf [T, {type: null}]: one schema with `nullable`
  // serialises without a runtime choice between types or branches.
  if (Array.isArray(out.type) && out.type.length === 2 && out.type.includes('null'))
    return { ...out, type: out.type.find((t) => t !== 'null'), nullable: true };
  const branches = out.anyOf as JsonSchema[] | undefined;
  if (branches?.length === 2) {
    const nonNull = branches.filter((b) => !(b.type === 'null' && Object.keys(b).length === 1));
    if (nonNull.length === 1) {
      const { anyOf: _anyOf, ...rest } = out;
      return { ...rest, ...nonNull[0], nullable: true };
    }
  }
  return out;
}

/** The serialisation schema of answers shaped like `schema`. */
export function responseSchema(schema: z.ZodType): JsonSchema {
  return simplify(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' })) as JsonSchema;
}

/** The serialisation schema of a paginated list of `item` (`Paginated<T>` in the contract). */
export function paginatedResponseSchema(item: z.ZodType): JsonSchema {
  return responseSchema(
    z.object({
      count: z.number().int(),
      count_capped: z.boolean().optional(),
      next: z.string().nullable(),
      previous: z.string().nullable(),
      results: z.array(item),
    }),
  );
}
