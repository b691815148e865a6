import { describe, expect, it } from "vitest";
import { get } from "../../helpers/api";
import { CONSOLE_SECTIONS } from "../../helpers/console-sections";

function h2s(html: string): string[] {
  return [...html.matchAll(/<h2[^>]*>([^<]*)<\/h2>/g)].map((m) => m[1]);
}

describe("operator console pages", () => {
  it.each(["/admin", "/admin/tenants", "/admin/tenant?id=tnt_x"])(
    "%s is a data-free shell behind a strict CSP that no site may frame, and sets no cookie",
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
      const csp = res.headers.get("Content-Security-Policy")!;
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get("X-Frame-Options")).toBe("DENY");
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
      expect(res.headers.get("Set-Cookie")).toBeNull();
      expect(res.text).toMatch(/<script src="\/assets\/console-[A-Z0-9]{8}\.js" defer="">/);
      expect(res.text.match(/<script(?![^>]*\ssrc=)[^>]*>/g)).toBeNull();
    },
  );

  it("has no form that posts anywhere: sign-in goes through the script with the token kept off URLs and cookies", async () => {
    const res = await get("/admin");
    expect(res.text).toContain('<form id="login-form">');
    expect(res.text).not.toMatch(/<form[^>]*method=/i);
    expect(res.text).toContain('autocomplete="current-password"');
  });

  it("lays the tenant page out with interface.md's sections in order", async () => {
    const res = await get("/admin/tenant?id=tnt_abc");
    expect(h2s(res.text)).toEqual(CONSOLE_SECTIONS);
    expect(res.text).toContain('data-tenant-id="tnt_abc"');
    for (const reasonField of [
      "form-suspend-reason",
      "form-restore-reason",
      "form-plan-reason",
      "form-extend-trial-reason",
      "form-end-trial-reason",
      "form-impersonate-reason",
    ]) {
      expect(res.text).toContain(`<textarea id="${reasonField}" name="reason" rows="3" maxlength="500" required=""`);
    }
  });

  it("escapes a tenant id full of markup", async () => {
    const res = await get(`/admin/tenant?id=${encodeURIComponent(`"><script>alert(1)</script>`)}`);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain("<script>alert(1)");
    expect(res.text).toContain('data-tenant-id="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it("has no impersonation views of its own: the owner app opens read-only instead (design.md §15)", async () => {
    const res = await get("/admin/impersonate?page=services");
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
  });
});
