import { describe, expect, it } from "vitest";
import { get } from "../../helpers/api";
import { createAdmin, createTenant, uniq } from "../../helpers/factories";

describe("GET /api/admin/tenants paging (limit + offset)", () => {
  it("pages through the newest-first list without gaps or repeats", async () => {
    const admin = await createAdmin();
    const tag = `pager${uniq()}`;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const t = await createTenant({ businessName: `${tag} ${i}`, createdAt: `2031-01-0${i + 1}T00:00:00.000Z` });
      ids.push(t.id);
    }
    const page = async (offset: number) => {
      const res = await get(`/api/admin/tenants?search=${tag}&limit=2&offset=${offset}`, { token: admin.token });
      expect(res.status).toBe(200);
      return (res.body.data as { id: string }[]).map((t) => t.id);
    };
    const newestFirst = [...ids].reverse();
    expect(await page(0)).toEqual(newestFirst.slice(0, 2));
    expect(await page(2)).toEqual(newestFirst.slice(2, 4));
    expect(await page(4)).toEqual(newestFirst.slice(4));
    expect(await page(6)).toEqual([]);
    // Without offset: the first page, as before.
    const first = await get(`/api/admin/tenants?search=${tag}&limit=2`, { token: admin.token });
    expect(first.body.data.map((t: { id: string }) => t.id)).toEqual(newestFirst.slice(0, 2));
  });

  it.each(["-1", "1.5", "x", "1000001"])("refuses offset=%s with 400 invalid_request naming the field", async (offset) => {
    const admin = await createAdmin();
    const res = await get(`/api/admin/tenants?offset=${offset}`, { token: admin.token });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
    expect(Object.keys(res.body.error.details.fieldErrors)).toEqual(["offset"]);
  });
});
