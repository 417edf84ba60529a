/** {field: {from, to}} for the fields that changed, for the audit log. */
export function diff(before: object, after: object): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  const old = before as Record<string, unknown>;
  for (const [key, value] of Object.entries(after)) {
    if (key === 'updated_at') continue;
    if (old[key] !== value) out[key] = { from: old[key] ?? null, to: value };
  }
  return out;
}
