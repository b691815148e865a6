/**
 * A tenant's custom domain as the pages router matches it (docs/decisions.md: the Host header is
 * lower-cased, port and trailing dot stripped, compared exactly): so it is stored the same way, a
 * lower-case ASCII host name. Pure; returns the stored form or the reason it cannot be one.
 */
export type HostnameResult = { ok: true; hostname: string } | { ok: false; problem: string };

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

export function normalizeCustomDomain(input: string): HostnameResult {
  let host = input.trim().toLowerCase();
  if (/[/:@?#\s\\]/.test(host)) return { ok: false, problem: "Use a host name only, like book.example.com (no scheme, port or path)" };
  if (host.endsWith(".")) host = host.slice(0, -1);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the range is "anything outside ASCII", not a control character match
  if (/[^\x00-\x7f]/.test(host)) {
    // An internationalised name is stored in its punycode form, which is what browsers send.
    try {
      host = new URL(`http://${host}`).hostname;
    } catch {
      return { ok: false, problem: "Not a valid host name" };
    }
  }
  if (host.length === 0 || host.length > 253) return { ok: false, problem: "Use a host name of 1 to 253 characters" };
  const labels = host.split(".");
  if (labels.length < 2) return { ok: false, problem: "Use a full host name with a dot, like book.example.com" };
  if (!labels.every((l) => LABEL.test(l))) {
    return { ok: false, problem: "Each part of the host name must be 1-63 letters, digits or inner hyphens" };
  }
  // An all-numeric last label would make this an IP address; the router never looks those up.
  if (!TLD.test(labels[labels.length - 1])) return { ok: false, problem: "Use a domain name, not an IP address" };
  if (labels[labels.length - 1] === "localhost") return { ok: false, problem: "localhost cannot be a custom domain" };
  return { ok: true, hostname: host };
}
