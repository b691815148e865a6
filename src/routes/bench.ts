import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";

/**
 * Ceiling routes for `npm run bench`, answering only when BENCH_ROUTES is "1": a no-op, and one
 * libSQL request through the same per-request client — the floor of any database-backed route —
 * and that request behind one rate-limit check.
 */
export const benchRoutes = new Hono<AppEnv>()
  .use("*", async (c, next) => {
    if (c.env.BENCH_ROUTES !== "1") throw new ApiError("not_found", "Route not found");
    await next();
  })
  .get("/noop", (c) => c.json({ data: { ok: true } }))
  .get("/db", async (c) => {
    const rows = await c.var.db.all<{ one: number }>(sql`select 1 as one`);
    return c.json({ data: rows[0] });
  })
  // The same plus one rate-limit check, to separate the limiter store's cost from our own code.
  .get("/limited-db", async (c) => {
    await c.var.limiter.check(`rl:bench:${c.req.header("CF-Connecting-IP") ?? "x"}`, 30, 60_000, c.var.now.getTime()).catch(() => null);
    const rows = await c.var.db.all<{ one: number }>(sql`select 1 as one`);
    return c.json({ data: rows[0] });
  });
