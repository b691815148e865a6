import { describe, expect, it } from "vitest";
import { countDbRequests, get } from "../../helpers/api";
import { createService, createStaff, createTenant } from "../../helpers/factories";

describe("GET /api/public/:slug/services", () => {
  it("lists active, online-bookable, not deleted services by order_index then name, with the exact public fields", async () => {
    const tenant = await createTenant();
    const b = await createService(tenant.id, { name: "Beard trim", orderIndex: 1, durationMinutes: 20, price: 1500, depositPercent: 10 });
    const a = await createService(tenant.id, { name: "Adult cut", orderIndex: 1, imageUrl: "https://img.example/cut.png" });
    const first = await createService(tenant.id, { name: "Zen wash", orderIndex: 0, description: "Calm" });
    await createService(tenant.id, { name: "Retired", isActive: false });
    await createService(tenant.id, { name: "Phone only", isOnlineBookable: false });
    await createService(tenant.id, { name: "Deleted", deletedAt: new Date().toISOString() });
    const other = await createTenant();
    await createService(other.id, { name: "Someone else's" });

    const res = await get(`/api/public/${tenant.slug}/services`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(res.body.data.map((s: any) => s.name)).toEqual(["Zen wash", "Adult cut", "Beard trim"]);
    expect(res.body.data[2]).toEqual({
      id: b.id,
      name: "Beard trim",
      description: "",
      duration_minutes: 20,
      price: 1500,
      deposit_percent: 10,
      image_url: null,
      is_online_bookable: 1,
      order_index: 1,
    });
    expect(res.body.data[1].image_url).toBe("https://img.example/cut.png");
    expect(res.body.data[1].id).toBe(a.id);
    expect(res.body.data[0].id).toBe(first.id);
  });

  it("answers an empty list for a tenant without services", async () => {
    const tenant = await createTenant();
    const res = await get(`/api/public/${tenant.slug}/services`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [] });
  });
});

describe("GET /api/public/:slug/staff", () => {
  it("lists bookable, not deleted staff by order_index with the exact public fields", async () => {
    const tenant = await createTenant();
    const second = await createStaff(tenant.id, { displayName: "Bea", orderIndex: 2, title: "Senior stylist", color: "#112233" });
    const first = await createStaff(tenant.id, { displayName: "Zed", orderIndex: 1, avatarUrl: "https://img.example/z.png" });
    await createStaff(tenant.id, { displayName: "Hidden", isBookable: false });
    await createStaff(tenant.id, { displayName: "Gone", deletedAt: new Date().toISOString() });

    const res = await get(`/api/public/${tenant.slug}/staff`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(res.body.data).toEqual([
      { id: first.id, display_name: "Zed", title: "", avatar_url: "https://img.example/z.png", color: "#6366f1" },
      { id: second.id, display_name: "Bea", title: "Senior stylist", avatar_url: null, color: "#112233" },
    ]);
  });
});

describe("GET /api/public/:slug/reviews", () => {
  it("is always an empty array", async () => {
    const tenant = await createTenant();
    const res = await get(`/api/public/${tenant.slug}/reviews`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [] });
  });
});

describe("public catalog of a hidden tenant", () => {
  it.each(["services", "staff", "reviews", "availability?serviceId=svc_x&date=2027-01-04"])(
    "/%s answers 404 not_found for unknown, suspended and inactive tenants",
    async (path) => {
      const suspended = await createTenant({ isSuspended: true, suspendedAt: new Date().toISOString() });
      const inactive = await createTenant({ isActive: false });
      for (const slug of [`missing-${crypto.randomUUID()}`, suspended.slug, inactive.slug]) {
        const res = await get(`/api/public/${slug}/${path}`);
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe("not_found");
      }
    },
  );
});

describe("round trips", () => {
  it.each(["services", "staff", "reviews"])("/%s costs one libSQL request", async (path) => {
    const tenant = await createTenant();
    await createService(tenant.id);
    await createStaff(tenant.id);
    const { result, dbRequests } = await countDbRequests((dbTag) => get(`/api/public/${tenant.slug}/${path}`, { dbTag }));
    expect(result.status).toBe(200);
    expect(dbRequests).toBe(1);
  });
});
