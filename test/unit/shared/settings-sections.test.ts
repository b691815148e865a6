import { describe, expect, it } from "vitest";
import { appPageOf } from "../../../src/middleware/auth";
import { SETTINGS_SECTIONS, settingsSectionAt, settingsSectionPath } from "../../../src/shared/settings-sections";

// Issue #34 item 10: one list of settings sections for the server's URLs and the app's menu.
describe("settings sections", () => {
  it("have distinct slugs and titles, each a URL an impersonation's audit row can name", () => {
    expect(new Set(SETTINGS_SECTIONS.map((s) => s.slug)).size).toBe(SETTINGS_SECTIONS.length);
    expect(new Set(SETTINGS_SECTIONS.map((s) => s.title)).size).toBe(SETTINGS_SECTIONS.length);
    for (const s of SETTINGS_SECTIONS) {
      expect(s.slug).toMatch(/^[a-z][a-z-]*$/);
      expect(s.summary.length).toBeGreaterThan(0);
      expect(appPageOf(settingsSectionPath(s.slug))).toBe(`/app/settings/${s.slug}`);
    }
  });

  it("finds the section of a path, and none for the index or anything else", () => {
    expect(settingsSectionAt("/app/settings/api-keys")?.title).toBe("API keys");
    for (const path of [
      "/app/settings",
      "/app/settings/",
      "/app/settings/nope",
      "/app/settings/profile/x",
      "/app/settings/Profile",
      "/app/profile",
    ]) {
      expect(settingsSectionAt(path), path).toBeNull();
    }
  });
});
