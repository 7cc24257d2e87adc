/**
 * The parsed reply without a `supersedes` that is not a list of fact ids ("none", ["1"], null): it is a hint (the
 * stack applies its own supersede rule to every fact), and a malformed hint should not cost the turn its task and
 * facts. Ids written as digit strings are read as numbers. Everything else is left for the schema to judge.
 */
export function dropMalformedSupersedes(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('supersedes' in value)) return value;
  const { supersedes, ...rest } = value as { supersedes: unknown };
  if (!Array.isArray(supersedes)) return rest;
  const ids = supersedes.map((id) => (typeof id === 'string' && /^\d{1,15}$/.test(id) ? Number(id) : id));
  return ids.every((id) => Number.isSafeInteger(id) && (id as number) >= 0) ? { ...rest, supersedes: ids } : rest;
}
