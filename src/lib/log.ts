/**
 * One line describing an error for the logs without the values it was handed: a failed Drizzle
 * query's message quotes the SQL *and its parameters* (e-mail addresses, names, token hashes), so
 * such a wrapper is named, not quoted, and the driver's own message (the cause) is logged instead.
 * The stack frames of the outermost error follow (frames hold code locations, never values).
 */
export function safeErrorSummary(err: unknown): string {
  const parts: string[] = [];
  let e: unknown = err;
  for (let depth = 0; e !== undefined && e !== null && depth < 5; depth++) {
    if (!(e instanceof Error)) {
      parts.push(`non-error ${typeof e}`);
      break;
    }
    if (/^Failed query:/.test(e.message)) parts.push(`${e.name} (query failed)`);
    else parts.push(`${e.name}: ${e.message.split("\n")[0].slice(0, 300)}`);
    e = (e as { cause?: unknown }).cause;
  }
  const frames =
    err instanceof Error && err.stack
      ? err.stack
          .split("\n")
          .map((l) => l.trim())
          .filter((l) => l.startsWith("at "))
          .slice(0, 8)
      : [];
  return [parts.join(" <- "), ...frames].join("\n  ");
}
