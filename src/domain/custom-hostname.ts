/**
 * A tenant's custom domain as a Cloudflare for SaaS custom hostname (design.md §23): what
 * Cloudflare's answer means for us, which DNS records the owner must add, and when a domain that
 * never became active is given up. Pure: no I/O, no clock of its own.
 */

export type DomainStatus = "pending" | "active" | "failed";
export type DnsRecord = { type: string; name: string; value: string };

/** The cron re-reads a pending hostname this often. */
export const RECHECK_AFTER_MS = 5 * 60_000;
/** A domain still pending this long after it was claimed is marked failed. */
export const PENDING_LIMIT_MS = 7 * 24 * 3600_000;

/** The parts of Cloudflare's custom hostname object we read (API v4 `result`). */
export type CfHostname = {
  id?: unknown;
  hostname?: unknown;
  status?: unknown;
  ssl?: {
    status?: unknown;
    txt_name?: unknown;
    txt_value?: unknown;
    validation_records?: unknown;
    validation_errors?: unknown;
  } | null;
  ownership_verification?: { type?: unknown; name?: unknown; value?: unknown } | null;
  verification_errors?: unknown;
};

const text = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);

/** Cloudflare hostname statuses after which waiting cannot help. */
const GIVEN_UP = new Set(["blocked", "moved", "deleted"]);

export type HostnameReading = {
  id: string | null;
  /** Both the hostname and its certificate are active: the domain may serve its tenant. */
  live: boolean;
  /** Cloudflare will not activate it whatever the owner does now (blocked, moved away). */
  givenUp: boolean;
  hostnameStatus: string | null;
  sslStatus: string | null;
  /** The TXT records Cloudflare asks for, ownership verification first. */
  txtRecords: DnsRecord[];
  /** What Cloudflare says is still wrong, in its words (verification and certificate errors). */
  problems: string[];
};

function txtRecordsOf(cf: CfHostname): DnsRecord[] {
  const records: DnsRecord[] = [];
  const add = (name: unknown, value: unknown) => {
    const n = text(name);
    const v = text(value);
    if (n && v && !records.some((r) => r.name === n && r.value === v)) records.push({ type: "TXT", name: n, value: v });
  };
  // Ownership verification: the value is specific to this hostname object, so only whoever
  // controls the domain's DNS can make it active.
  const own = cf.ownership_verification;
  if (own && (text(own.type) ?? "txt").toLowerCase() === "txt") add(own.name, own.value);
  // Certificate validation by TXT, when Cloudflare asks for it (HTTP validation needs none).
  add(cf.ssl?.txt_name, cf.ssl?.txt_value);
  if (Array.isArray(cf.ssl?.validation_records)) {
    for (const r of cf.ssl.validation_records as { txt_name?: unknown; txt_value?: unknown }[]) add(r?.txt_name, r?.txt_value);
  }
  return records;
}

function problemsOf(cf: CfHostname): string[] {
  const out: string[] = [];
  if (Array.isArray(cf.verification_errors)) for (const e of cf.verification_errors) if (text(e)) out.push(text(e) as string);
  if (Array.isArray(cf.ssl?.validation_errors)) {
    for (const e of cf.ssl.validation_errors as { message?: unknown }[]) if (text(e?.message)) out.push(text(e?.message) as string);
  }
  return [...new Set(out)].map((p) => p.slice(0, 300)).slice(0, 5);
}

/** What a custom hostname object from Cloudflare means for the domain. */
export function readHostname(cf: CfHostname): HostnameReading {
  const hostnameStatus = text(cf.status);
  const sslStatus = text(cf.ssl?.status);
  return {
    id: text(cf.id),
    live: hostnameStatus === "active" && sslStatus === "active",
    givenUp: hostnameStatus !== null && GIVEN_UP.has(hostnameStatus),
    hostnameStatus,
    sslStatus,
    txtRecords: txtRecordsOf(cf),
    problems: problemsOf(cf),
  };
}

/** The records an owner adds: the CNAME to the platform's target first, then Cloudflare's TXT records. */
export function dnsRecordsFor(hostname: string, target: string | null, txt: DnsRecord[] | null): DnsRecord[] {
  const cname = target ? [{ type: "CNAME", name: hostname, value: target }] : [];
  return [...cname, ...(txt ?? [])];
}

/**
 * The status of a stored domain. NULL is a domain saved before custom hostnames existed: with
 * Cloudflare on it is pending until the cron creates its hostname; without Cloudflare it is
 * active, as every domain was then.
 */
export function effectiveStatus(stored: DomainStatus | null, cloudflareOn: boolean): DomainStatus {
  return stored ?? (cloudflareOn ? "pending" : "active");
}

/** A pending domain claimed at `claimedAt` is given up at `now` after PENDING_LIMIT_MS. */
export function pendingTooLong(claimedAt: string | null, now: Date): boolean {
  if (!claimedAt) return false;
  const at = Date.parse(claimedAt);
  return Number.isFinite(at) && now.getTime() - at >= PENDING_LIMIT_MS;
}

/** Why a domain failed, in the owner's words (the e-mail and the settings page). */
export function failureReason(reading: Pick<HostnameReading, "givenUp" | "hostnameStatus" | "problems"> | null): string {
  if (reading?.givenUp) {
    return reading.hostnameStatus === "blocked"
      ? "Cloudflare refused to serve this domain (it is blocked on their side)."
      : "The domain's DNS no longer points at us, so Cloudflare stopped setting it up.";
  }
  const said = reading?.problems.length ? ` Cloudflare last reported: ${reading.problems.join(" ")}` : "";
  return `The DNS records were not found within 7 days, so the domain could not be verified and given a certificate.${said}`;
}
