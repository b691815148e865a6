import type { SmsConfig } from "../../config";

/**
 * Twilio's Messages API (design.md §27), with fetch: form-encoded, HTTP basic auth with the
 * account SID and auth token, no `StatusCallback` (the cron reads delivery statuses instead: the
 * contract's 60-a-minute webhook limit would drop Twilio's callbacks). Twilio has no idempotency
 * key, so a send is tried at most once: only an answer that proves no message was made (429 Too
 * Many Requests) may be tried again; any other failure, and above all a time-out, is final.
 */

export const SEND_TIMEOUT_MS = 10_000;

export type SendOutcome =
  | { kind: "accepted"; sid: string; status: string }
  /** Twilio answered that it made no message (a 4xx). `retry`: only 429, it may be tried again. */
  | { kind: "refused"; retry: boolean; error: string }
  /** No answer, a time-out or a 5xx: a message may or may not exist; never sent again on its own. */
  | { kind: "unknown"; error: string };

const accountPath = (cfg: SmsConfig) => `${cfg.apiBase}/2010-04-01/Accounts/${encodeURIComponent(cfg.accountSid)}`;
const authHeader = (cfg: SmsConfig) => `Basic ${btoa(`${cfg.accountSid}:${cfg.authToken}`)}`;

type TwilioBody = { sid?: unknown; status?: unknown; code?: unknown; message?: unknown; error_code?: unknown; error_message?: unknown };

async function bodyOf(res: Response): Promise<TwilioBody> {
  try {
    return (await res.json()) as TwilioBody;
  } catch {
    return {};
  }
}

/** "HTTP 400, Twilio 21211: The 'To' number is not a valid phone number." (Twilio's words name no secret). */
function refusal(status: number, body: TwilioBody): string {
  const code = typeof body.code === "number" || typeof body.code === "string" ? `, Twilio ${body.code}` : "";
  const message = typeof body.message === "string" ? `: ${body.message}` : "";
  return `HTTP ${status}${code}${message}`.slice(0, 300);
}

export async function sendSms(cfg: SmsConfig, msg: { to: string; body: string }): Promise<SendOutcome> {
  const form = new URLSearchParams({ To: msg.to, Body: msg.body });
  if ("from" in cfg.sender) form.set("From", cfg.sender.from);
  else form.set("MessagingServiceSid", cfg.sender.messagingServiceSid);
  let res: Response;
  try {
    res = await fetch(`${accountPath(cfg)}/Messages.json`, {
      method: "POST",
      headers: { Authorization: authHeader(cfg), "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: form.toString(),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
    return {
      kind: "unknown",
      error: timedOut ? `no answer within ${SEND_TIMEOUT_MS / 1000} s` : `network error: ${String(err)}`.slice(0, 300),
    };
  }
  const body = await bodyOf(res);
  if (res.ok && typeof body.sid === "string")
    return { kind: "accepted", sid: body.sid, status: typeof body.status === "string" ? body.status : "queued" };
  if (res.ok) return { kind: "unknown", error: `HTTP ${res.status} without a message SID` };
  if (res.status >= 400 && res.status < 500) return { kind: "refused", retry: res.status === 429, error: refusal(res.status, body) };
  return { kind: "unknown", error: refusal(res.status, body) };
}

/** Twilio's statuses after which nothing changes any more. */
export const FINAL_STATUSES = new Set(["delivered", "undelivered", "failed", "canceled"]);

export type StatusRead = { ok: true; status: string; error: string | null } | { ok: false; error: string };

/** GET .../Messages/{sid}.json: what Twilio knows of a text now. */
export async function readSmsStatus(cfg: SmsConfig, sid: string): Promise<StatusRead> {
  try {
    const res = await fetch(`${accountPath(cfg)}/Messages/${encodeURIComponent(sid)}.json`, {
      headers: { Authorization: authHeader(cfg), Accept: "application/json" },
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    const body = await bodyOf(res);
    if (!res.ok || typeof body.status !== "string") return { ok: false, error: refusal(res.status, body) };
    const code = body.error_code === null || body.error_code === undefined ? null : String(body.error_code);
    const text = typeof body.error_message === "string" ? body.error_message : null;
    return { ok: true, status: body.status, error: code || text ? [code && `Twilio ${code}`, text].filter(Boolean).join(": ") : null };
  } catch (err) {
    return { ok: false, error: `status read failed: ${String(err)}`.slice(0, 300) };
  }
}
