import { describe, expect, it } from "vitest";
import { isPermanentStatus, logEmailProvider } from "../../../src/services/email/provider";
import {
  emailRetryDelaySeconds,
  isLastEmailAttempt,
  MAX_EMAIL_ATTEMPTS,
  PROVIDER_TIMEOUT_MS,
  STUCK_SENDING_MS,
} from "../../../src/services/email/retry-policy";

describe("e-mail retry policy", () => {
  it("backs off exponentially from 30 s and caps at 30 min", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(emailRetryDelaySeconds)).toEqual([30, 60, 120, 240, 480, 960, 1800, 1800, 1800]);
  });

  it("keeps retrying through a provider outage of about two hours before giving up", () => {
    let waited = 0;
    for (let attempt = 1; !isLastEmailAttempt(attempt); attempt++) waited += emailRetryDelaySeconds(attempt);
    expect(waited).toBeGreaterThanOrEqual(2 * 3600);
    expect(isLastEmailAttempt(MAX_EMAIL_ATTEMPTS)).toBe(true);
    expect(isLastEmailAttempt(MAX_EMAIL_ATTEMPTS - 1)).toBe(false);
  });

  it("presumes a claim dead only long after a provider call must have ended", () => {
    expect(STUCK_SENDING_MS).toBeGreaterThan(10 * PROVIDER_TIMEOUT_MS);
  });
});

describe("provider status classification", () => {
  it.each([400, 404, 413, 422])("treats HTTP %i as this e-mail's own, permanent failure", (status) => {
    expect(isPermanentStatus(status)).toBe(true);
  });

  it.each([401, 403, 408, 409, 429, 500, 502, 503])("retries after HTTP %i", (status) => {
    expect(isPermanentStatus(status)).toBe(false);
  });
});

describe("log provider", () => {
  it("reports the e-mail as sent with a log: id and logs one line without the body", async () => {
    const lines: string[] = [];
    const provider = logEmailProvider((l) => lines.push(l));
    const result = await provider.send({
      idempotencyKey: "eml_1",
      kind: "customer.password_reset",
      to: "a@example.test",
      subject: "Reset your password",
      text: "https://example.test/reset?token=SECRET",
      html: "<a href='https://example.test/reset?token=SECRET'>reset</a>",
    });
    expect(result).toEqual({ ok: true, providerMessageId: "log:eml_1" });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("to=a@example.test");
    expect(lines[0]).toContain("Reset your password");
    expect(lines[0]).not.toContain("SECRET");
  });
});
