/**
 * Which unique index a failed write hit, e.g. "users.email", or null when the error is something
 * else. Concurrent registrations are settled by the unique indexes, so a lost race must surface
 * as 409, never as 500. The driver may wrap the SQLite error (Drizzle's DrizzleQueryError keeps
 * it as `cause`), so the whole cause chain is searched.
 */
export function uniqueViolation(err: unknown): string[] | null {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const message = e instanceof Error ? e.message : typeof e === "string" ? e : "";
    const match = /UNIQUE constraint failed: ([\w.]+(?:, [\w.]+)*)/.exec(message);
    if (match) return match[1].split(", ");
  }
  return null;
}
