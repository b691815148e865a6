import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, randomIp } from "../../helpers/api";
import { createTenant } from "../../helpers/factories";

const KB = 1024;

/** A JSON body of exactly `bytes` bytes: {"email":"a@b.co","password":"xxxx..."} */
function jsonOfSize(bytes: number): string {
  const head = '{"email":"a@example.test","password":"';
  const tail = '"}';
  return head + "x".repeat(bytes - head.length - tail.length) + tail;
}

function expect413(res: { status: number; body: any }) {
  expect(res.status).toBe(413);
  expect(res.body).toEqual({ error: { code: "payload_too_large", message: expect.any(String) } });
}

/** A body streamed in chunks without Content-Length (Transfer-Encoding: chunked). */
async function streamed(path: string, totalBytes: number, chunkBytes = 8 * KB) {
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      const n = Math.min(chunkBytes, totalBytes - sent);
      sent += n;
      controller.enqueue(new TextEncoder().encode("x".repeat(n)));
    },
  });
  const res = await SELF.fetch(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": randomIp() },
    body: stream,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers, sent };
}

describe("request body limits (design.md §18)", () => {
  it("refuses a 30 MB JSON body to /api/admin/login with 413 payload_too_large, without parsing it", async () => {
    const body = jsonOfSize(30 * KB * KB);
    const started = Date.now();
    const res = await call("POST", "/api/admin/login", { rawBody: body });
    expect413(res);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("takes 64 KB and refuses one byte more on the API", async () => {
    const atLimit = await call("POST", "/api/auth/login", { rawBody: jsonOfSize(64 * KB) });
    expect(atLimit.status).toBe(400); // parsed: the password is longer than allowed
    expect(atLimit.body.error.code).toBe("invalid_request");
    expect413(await call("POST", "/api/auth/login", { rawBody: jsonOfSize(64 * KB + 1) }));
  });

  it("counts a chunked body without Content-Length while reading it, and stops at the limit", async () => {
    const res = await streamed("/api/customer-auth/login", 10 * KB * KB);
    expect413(res);
    expect(res.sent).toBeLessThan(10 * KB * KB);
    const small = await streamed("/api/customer-auth/login", 2 * KB);
    expect(small.status).toBe(400); // read in full and parsed: not JSON
  });

  it("applies to owner routes too", async () => {
    const tenant = await createTenant();
    const res = await call("PATCH", "/api/businesses/me", {
      token: tenant.token,
      rawBody: JSON.stringify({ description: "d".repeat(70 * KB) }),
    });
    expect413(res);
  });

  it("allows 256 KB on /api/webhooks/* and refuses more", async () => {
    const signed = { "Stripe-Signature": "t=1,v1=00" };
    const big = await call("POST", "/api/webhooks/stripe", { rawBody: "x".repeat(200 * KB), headers: signed });
    expect(big.status).toBe(400);
    expect(big.body.error.code).toBe("invalid_signature");
    expect413(await call("POST", "/api/webhooks/stripe", { rawBody: "x".repeat(256 * KB + 1), headers: signed }));
    expect413(await streamed("/api/webhooks/stripe", 300 * KB));
  });
});
