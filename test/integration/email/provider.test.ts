import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { emailProviderFromConfig, httpEmailProvider, type OutgoingEmail } from "../../../src/services/email/provider";
import { uniq } from "../../helpers/factories";
import { providerRequests, scriptProvider } from "./outbox-harness";

function anEmail(): OutgoingEmail {
  const to = `prov-${uniq()}${uniq()}@example.test`;
  return { idempotencyKey: `eml_${uniq()}`, kind: "test.email", to, subject: "Hi", text: "text", html: "<p>html</p>" };
}

const endpoint = () => `${env.CAPTURE_URL}/email`;

describe("HTTP e-mail provider", () => {
  it("treats a provider slower than its timeout as a transient failure", async () => {
    const email = anEmail();
    await scriptProvider(email.to, [{ status: 200, delayMs: 1500 }]);
    const provider = httpEmailProvider({ url: endpoint(), apiKey: "k", from: "f@example.test", timeoutMs: 200 });
    const started = Date.now();
    const result = await provider.send(email);
    expect(Date.now() - started).toBeLessThan(1400);
    expect(result).toEqual({ ok: false, permanent: false, error: "timeout after 200 ms" });
  });

  // workerd itself logs "uncaught exception ... Network connection lost" for a refused fetch even
  // though the rejection is caught (a plain try/catch around fetch does the same).
  it("treats an unreachable provider as a transient failure", async () => {
    const provider = httpEmailProvider({ url: "http://127.0.0.1:9/email", apiKey: "k", from: "f@example.test" });
    const result = await provider.send(anEmail());
    expect(result).toMatchObject({ ok: false, permanent: false });
    expect((result as { error: string }).error).toMatch(/^network error/);
  });

  it("counts a 2xx without a readable id as sent", async () => {
    const email = anEmail();
    await scriptProvider(email.to, [{ status: 202, body: "accepted" }]);
    const provider = httpEmailProvider({ url: endpoint(), apiKey: "k", from: "f@example.test" });
    expect(await provider.send(email)).toEqual({ ok: true, providerMessageId: null });
  });

  it("retries on a rejected API key rather than failing the e-mail (operators fix keys)", async () => {
    const email = anEmail();
    await scriptProvider(email.to, [{ status: 401, body: { message: "API key is invalid" } }]);
    const provider = httpEmailProvider({ url: endpoint(), apiKey: "wrong", from: "f@example.test" });
    expect(await provider.send(email)).toEqual({ ok: false, permanent: false, error: 'HTTP 401: {"message":"API key is invalid"}' });
  });

  it("falls back to log mode without EMAIL_PROVIDER_URL: sent with a log: id, nothing on the wire", async () => {
    const email = anEmail();
    const provider = emailProviderFromConfig({ EMAIL_PROVIDER_URL: undefined, EMAIL_API_KEY: undefined, EMAIL_FROM: "f@example.test" });
    expect(provider.name).toBe("log");
    expect(await provider.send(email)).toEqual({ ok: true, providerMessageId: `log:${email.idempotencyKey}` });
    expect(await providerRequests(email.to)).toHaveLength(0);
  });
});
