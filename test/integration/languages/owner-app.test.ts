import { describe, expect, it } from "vitest";
import { countDbRequests, get, patch } from "../../helpers/api";
import { createMember, createTenant } from "../../helpers/factories";

// design.md §30: the owner app follows each member's own locale, else the business's. Every page
// view names it (the app's script loads that language), with no extra round trip.
const dashboard = (token: string, dbTag?: string) => get("/api/businesses/me/views/dashboard", { token, dbTag });

describe("the owner app's language", () => {
  it("is the member's own locale, else the business's, in every page view", async () => {
    const tenant = await createTenant();
    const staff = await createMember(tenant.id, "staff");
    expect((await patch("/api/businesses/me", { locale: "es" }, { token: tenant.token })).status).toBe(200);
    expect((await patch("/api/businesses/me/members/me", { locale: "de" }, { token: staff.token })).status).toBe(200);

    const owner = await dashboard(tenant.token);
    expect(owner.status).toBe(200);
    expect(owner.body.data.business.locale).toBe("es");
    expect(owner.body.data.viewer).toMatchObject({ role: "owner", locale: "es" });
    const member = await dashboard(staff.token);
    expect(member.body.data.viewer).toMatchObject({ role: "staff", locale: "de" });

    // Back to the business's language.
    expect((await patch("/api/businesses/me/members/me", { locale: null }, { token: staff.token })).status).toBe(200);
    expect((await dashboard(staff.token)).body.data.viewer.locale).toBe("es");
  });

  it("costs no extra round trip: the membership check reads it", async () => {
    const tenant = await createTenant();
    const { result, dbRequests } = await countDbRequests((dbTag) => dashboard(tenant.token, dbTag));
    expect(result.status).toBe(200);
    expect(result.body.data.viewer.locale).toBe("en");
    expect(dbRequests).toBe(2);
  });

  it("frames name each language's words file and mark their words for translation", async () => {
    const res = await get("/app/calendar");
    expect(res.status).toBe(200);
    const words = JSON.parse(/data-words="([^"]+)"/.exec(res.text)?.[1]?.replaceAll("&quot;", '"') ?? "{}");
    expect(Object.keys(words).sort()).toEqual(["de", "en", "es", "fr", "it", "nl", "pt-BR"]);
    for (const url of Object.values(words)) expect(url).toMatch(/^\/assets\/appwords[a-z]+-[0-9A-F]{8}\.js$/);
    expect(res.text).toContain('data-w="nav.calendar"');
    const login = await get("/app/login");
    expect(login.text).toContain('data-w="login.heading"');
  });
});
