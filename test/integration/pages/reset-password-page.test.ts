import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, post, randomIp } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createCustomerAccount, createTenant, FACTORY_PASSWORD, uniq } from "../../helpers/factories";
import { asSent } from "../../helpers/mail";
import { outboxRows } from "../../helpers/outbox";

/** The token of the newest e-mail of `kind` to `to`. */
async function linkToken(to: string, kind: string) {
  const rows = await outboxRows(testDb(), to, kind);
  return /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec((await asSent(rows.at(-1)!)).text)![1];
}

/** Submits the page's form the way a browser does (urlencoded, same origin). */
async function submit(fields: Record<string, string>) {
  const res = await SELF.fetch("http://localhost/reset-password", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": randomIp() },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

const customerToken = async (email: string) => {
  await post("/api/customer-auth/forgot-password", { email });
  return linkToken(email, "customer.password_reset");
};

describe("/reset-password page (design.md §18)", () => {
  it("shows a script-free form that posts the token back to this origin, behind the page security headers", async () => {
    const c = await createCustomerAccount();
    const token = await customerToken(c.email);
    const res = await get(`/reset-password?token=${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(res.text).toContain("Choose a new password");
    expect(res.text).toMatch(/<form method="post" action="\/reset-password">/);
    expect(res.text).toContain(`<input type="hidden" name="token" value="${token}"`);
    expect(res.text).toContain('autocomplete="new-password"');
    expect(res.text).not.toMatch(/<script/i);
    const csp = res.headers.get("Content-Security-Policy")!;
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });

  it("sets a customer's password from the e-mailed link, then the link is spent", async () => {
    const c = await createCustomerAccount();
    const token = await customerToken(c.email);
    const done = await submit({ token, password: "page chosen 123", confirm: "page chosen 123" });
    expect(done.status).toBe(200);
    expect(done.text).toContain("Your password is saved");
    expect((await post("/api/customer-auth/login", { email: c.email, password: "page chosen 123" })).status).toBe(200);
    expect((await post("/api/customer-auth/login", { email: c.email, password: FACTORY_PASSWORD })).status).toBe(401);
    const again = await get(`/reset-password?token=${token}`);
    expect(again.status).toBe(400);
    expect(again.text).toContain("This link no longer works");
  });

  it("sets an owner's password from an owner reset link", async () => {
    const t = await createTenant();
    await post("/api/auth/forgot-password", { email: t.ownerEmail });
    const token = await linkToken(t.ownerEmail, "user.password_reset");
    expect((await submit({ token, password: "owner via page", confirm: "owner via page" })).status).toBe(200);
    expect((await post("/api/auth/login", { email: t.ownerEmail, password: "owner via page" })).status).toBe(200);
  });

  it("lets an invited member choose their password", async () => {
    const t = await createTenant();
    const email = `invited-${uniq()}@example.test`;
    expect((await post("/api/businesses/me/members", { email, firstName: "Ivy", role: "staff" }, { token: t.token })).status).toBe(201);
    const token = await linkToken(email, "member.invite");
    const form = await get(`/reset-password?token=${token}`);
    expect(form.text).toContain("Choose your password");
    const done = await submit({ token, password: "my own choice", confirm: "my own choice" });
    expect(done.status).toBe(200);
    expect(done.text).toContain("Your account is ready");
    const login = await post("/api/auth/login", { email, password: "my own choice" });
    expect(login.status).toBe(200);
    expect(login.body.data.memberships).toEqual([expect.objectContaining({ tenantId: t.id, role: "staff" })]);
  });

  it.each([
    ["a short password", { password: "short", confirm: "short" }, "at least 8 characters"],
    ["two different passwords", { password: "first version 1", confirm: "second version 2" }, "are not the same"],
  ])("answers %s with 400 and the form again, the link still usable", async (_label, fields, message) => {
    const c = await createCustomerAccount();
    const token = await customerToken(c.email);
    const res = await submit({ token, ...fields });
    expect(res.status).toBe(400);
    expect(res.text).toContain(message);
    expect(res.text).toContain('aria-invalid="true"');
    expect(res.text).toContain(`value="${token}"`);
    expect((await submit({ token, password: "finally right 1", confirm: "finally right 1" })).status).toBe(200);
  });

  it("says clearly when the link is unknown, used or missing", async () => {
    const unknown = await get("/reset-password?token=not-a-real-token");
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain("This link no longer works");
    const missing = await get("/reset-password");
    expect(missing.status).toBe(400);
    expect(missing.text).toContain("This link is incomplete");
    const posted = await submit({ token: "not-a-real-token", password: "whatever 1234", confirm: "whatever 1234" });
    expect(posted.status).toBe(400);
    expect(posted.text).toContain("This link no longer works");
  });

  it("escapes whatever the address carries", async () => {
    const res = await get(`/reset-password?token=${encodeURIComponent('"><script>alert(1)</script>')}`);
    expect(res.status).toBe(400);
    expect(res.text).not.toContain("<script>alert(1)</script>");
  });
});
