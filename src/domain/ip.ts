/**
 * IP address text, parsed and written back in one canonical form. Pure. Used for the rate-limit
 * key of a client (design.md §18) and by the SSRF guard of webhook URLs.
 */

/** A dotted quad, each part 0-255 (leading zeros read as decimal), or null. */
export function parseIpv4(text: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts : null;
}

/** Expands an IPv6 literal (compressed or not, with an optional dotted-quad tail) into 8 hextets, or null. */
export function parseIpv6(text: string): number[] | null {
  let t = text.toLowerCase();
  const v4tail = /(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/.exec(t);
  if (v4tail) {
    const q = parseIpv4(v4tail[1]);
    if (!q) return null;
    t = `${t.slice(0, -v4tail[1].length)}${((q[0] << 8) | q[1]).toString(16)}:${((q[2] << 8) | q[3]).toString(16)}`;
  }
  const halves = t.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (groups.length !== 8 || !groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

/** RFC 5952 text of 8 hextets: lower case, no leading zeros, the longest run (>= 2) of zero groups as "::". */
export function formatIpv6(h: readonly number[]): string {
  let bestStart = -1;
  let bestLen = 0;
  for (let i = 0; i < 8; ) {
    if (h[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && h[j] === 0) j++;
    if (j - i > bestLen) {
      bestStart = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = h.map((x) => x.toString(16));
  if (bestLen < 2) return hex.join(":");
  return `${hex.slice(0, bestStart).join(":")}::${hex.slice(bestStart + bestLen).join(":")}`;
}

/** The embedded IPv4 address of an IPv4-mapped IPv6 address (::ffff:a.b.c.d), else null. */
function mappedIpv4(h: readonly number[]): number[] | null {
  if (!h.slice(0, 5).every((x) => x === 0) || h[5] !== 0xffff) return null;
  return [h[6] >> 8, h[6] & 0xff, h[7] >> 8, h[7] & 0xff];
}

/**
 * The client part of a rate-limit key (`{prefix}:{this}`), from the CF-Connecting-IP header:
 * an IPv4 address as it is (canonical dotted quad); an IPv6 address by its /64 network in
 * canonical form, e.g. `2001:db8:1:2::/64`, because one subscriber usually holds a whole /64 and
 * could otherwise step through 2^64 addresses; an IPv4-mapped IPv6 address as its IPv4 address.
 * Anything unreadable (the edge always sets the header, so only a direct caller sends garbage)
 * shares one bucket, `unknown`.
 */
export function rateLimitClientKey(header: string | null | undefined): string {
  let text = (header ?? "").trim();
  if (text.startsWith("[") && text.endsWith("]")) text = text.slice(1, -1);
  const v4 = parseIpv4(text);
  if (v4) return v4.join(".");
  const v6 = parseIpv6(text.replace(/%[0-9a-z._~-]+$/i, ""));
  if (!v6) return "unknown";
  const mapped = mappedIpv4(v6);
  if (mapped) return mapped.join(".");
  return `${formatIpv6([...v6.slice(0, 4), 0, 0, 0, 0])}/64`;
}
