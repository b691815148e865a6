/**
 * The operator's settings file (deploy/<env>.env): `KEY=value` lines, `#` comments, optional
 * `export `, values optionally in single or double quotes (double quotes understand \n, \" and
 * \\). Nothing is expanded: a `$` in a secret stays a `$`. Pure.
 */
export type EnvFile = { values: Record<string, string>; problems: string[] };

const LINE = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/;

function unquote(raw: string): string | null {
  if (raw.startsWith('"')) {
    if (!raw.endsWith('"') || raw.length < 2) return null;
    return raw.slice(1, -1).replace(/\\(["\\n])/g, (_, c: string) => (c === "n" ? "\n" : c));
  }
  if (raw.startsWith("'")) return raw.endsWith("'") && raw.length >= 2 ? raw.slice(1, -1) : null;
  // An unquoted value ends at a comment that follows whitespace.
  return raw.replace(/\s+#.*$/, "");
}

export function parseEnvFile(text: string): EnvFile {
  const values: Record<string, string> = {};
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (/^\s*(#|$)/.test(line)) return;
    const m = LINE.exec(line);
    if (!m) {
      problems.push(`line ${i + 1} is not KEY=value`);
      return;
    }
    const value = unquote(m[2]);
    if (value === null) {
      problems.push(`line ${i + 1}: the quote around ${m[1]} is not closed`);
      return;
    }
    if (m[1] in values) problems.push(`line ${i + 1}: ${m[1]} is set twice`);
    values[m[1]] = value;
  });
  return { values, problems };
}
