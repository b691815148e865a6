import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { patch } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createTenant } from "../../helpers/factories";

describe("language settings (design.md §30)", () => {
  it("a business sets its locale and booking languages; the business locale is always offered", async () => {
    const tenant = await createTenant();
    const res = await patch("/api/businesses/me", { locale: "de", bookingLanguages: ["es", "pt-br"] }, { token: tenant.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ locale: "de", bookingLanguages: ["de", "es", "pt-BR"] });
  });

  it("refuses an unsupported locale or a repeated language and changes nothing", async () => {
    const tenant = await createTenant();
    const bad = await patch("/api/businesses/me", { locale: "ja" }, { token: tenant.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("invalid_request");
    expect(bad.body.error.details.fieldErrors.locale).toBeDefined();
    const repeated = await patch("/api/businesses/me", { bookingLanguages: ["es", "es"] }, { token: tenant.token });
    expect(repeated.status).toBe(400);
    const empty = await patch("/api/businesses/me", { bookingLanguages: [] }, { token: tenant.token });
    expect(empty.status).toBe(400);
    const [row] = await testDb().select().from(schema.tenants).where(eq(schema.tenants.id, tenant.id));
    expect(row).toMatchObject({ locale: "en", bookingLanguages: null });
  });

  it("a member sets their own locale and can go back to the business's", async () => {
    const tenant = await createTenant();
    const set = await patch("/api/businesses/me/members/me", { locale: "nl" }, { token: tenant.token });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ id: tenant.ownerId, role: "owner", locale: "nl" });
    const cleared = await patch("/api/businesses/me/members/me", { locale: null }, { token: tenant.token });
    expect(cleared.body.data.locale).toBeNull();
    const bad = await patch("/api/businesses/me/members/me", { locale: "xx", role: "admin" }, { token: tenant.token });
    expect(bad.status).toBe(400);
  });
});
