import { describe, expect, it } from "vitest";
import { APP_PAGES } from "../../../src/shared/app-pages";
import { SETTINGS_SECTIONS, settingsSectionPath } from "../../../src/shared/settings-sections";
import { get } from "../../helpers/api";

// design.md §15: /app pages are data-free frames; the member's token never reaches the server
// except as an Authorization header from the page's own module script.
describe("owner app pages", () => {
  it.each([...APP_PAGES.map((p) => p.path), "/app/login"])(
    "%s is a frame behind a strict CSP with its module script and preloads",
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Security-Policy")).toContain("script-src 'self'");
      expect(res.headers.get("X-Frame-Options")).toBe("DENY");
      expect(res.headers.get("Cache-Control")).toBe("no-cache");
      expect(res.headers.get("Set-Cookie")).toBeNull();
      const script = path === "/app/login" ? "login" : APP_PAGES.find((p) => p.path === path)!.script;
      expect(res.text).toMatch(new RegExp(`<script type="module" src="/assets/owner-${script}-[A-Z0-9]{8}\\.js"></script>`));
      expect(res.text).toMatch(/<link rel="modulepreload" href="\/assets\/owner-chunk-[A-Z0-9]{8}\.js"\/?>/);
      expect(res.text).toMatch(/<link rel="stylesheet" href="\/assets\/owner-[A-Z0-9]{8}\.css"\/?>/);
      // No inline script of any kind.
      expect(res.text.match(/<script(?![^>]*\ssrc=)[^>]*>/g)).toBeNull();
    },
  );

  it("marks the current page in the navigation and names it in the heading", async () => {
    const res = await get("/app/calendar");
    // design.md §30: each word carries its catalog key; the app's script puts the member's language in.
    expect(res.text).toContain('<a href="/app/calendar" aria-current="page" data-w="nav.calendar">Calendar</a>');
    expect(res.text).toContain('<h1 data-w="nav.calendar">Calendar</h1>');
    expect(res.text).toContain('<nav class="app-nav" aria-label="Pages" data-w="frame.pages" data-w-attr="aria-label">');
  });

  it("serves every settings section at its own URL on the settings frame, with Settings marked and the section in the title", async () => {
    for (const s of SETTINGS_SECTIONS) {
      const res = await get(settingsSectionPath(s.slug));
      expect(res.status, s.slug).toBe(200);
      expect(res.headers.get("Content-Security-Policy")).toContain("script-src 'self'");
      expect(res.text).toMatch(/<script type="module" src="\/assets\/owner-settings-[A-Z0-9]{8}\.js"><\/script>/);
      expect(res.text).toContain('<a href="/app/settings" aria-current="page" data-w="nav.settings">Settings</a>');
      expect(res.text).toContain('<h1 data-w="nav.settings">Settings</h1>');
      expect(res.text).toContain(`<title>${s.title} · Settings · Front desk</title>`);
    }
  });

  it("answers an unknown settings section with the HTML 404 page", async () => {
    for (const path of ["/app/settings/nope", "/app/settings/profile/more", "/app/settings/PROFILE", "/app/settings/__proto__"]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
      expect(res.text).toContain("Page not found");
    }
  });

  it("says whether the assistant can answer (design.md §20: without a model its routes are 503 and the app hides it)", async () => {
    expect((await get("/app/calendar")).text).toContain('data-assistant="on"');
    const without = await get("/app/calendar", { headers: { "x-test-ai": "off" } });
    expect(without.text).toContain('data-assistant="off"');
  });

  it("is not served on a business's custom domain", async () => {
    const res = await get("/app", { host: "book.some-salon.example" });
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
  });
});
