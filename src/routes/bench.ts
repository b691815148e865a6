import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { emailPointer, enqueue } from "../services/outbox";

const MAX_PAD_BYTES = 1_000_000;

/**
 * Ceiling routes for `npm run bench`, answering only when BENCH_ROUTES is "1": a no-op, and one
 * libSQL request through the same per-request client — the floor of any database-backed route —
 * and that request behind one rate-limit check. `?bytes=N` pads that answer to N bytes: the floor
 * of a route whose answer is that large (availability of any staff member sends about 50 KB),
 * which no implementation of the route can beat. `/limited-write` is the floor of a write (issue
 * #42): the check, a read, a write batch of one statement (two libSQL requests, as a create makes),
 * and `?enqueue=N` hands N outbox pointers to the queue after it, as a booking change does;
 * `?statements=N&sent=B` gives it a create's size, to tell bytes and statements from our own code.
 */
export const benchRoutes = new Hono<AppEnv>()
  .use("*", async (c, next) => {
    if (c.var.services.env.BENCH_ROUTES !== "1") throw new ApiError("not_found", "Route not found");
    await next();
  })
  .get("/noop", (c) => c.json({ data: { ok: true } }))
  .get("/db", async (c) => {
    const rows = await c.var.services.db.all<{ one: number }>(sql`select 1 as one`);
    return c.json({ data: rows[0] });
  })
  // The same plus one rate-limit check, to separate the limiter store's cost from our own code.
  .get("/limited-db", async (c) => {
    await c.var.services.limiter
      .check(`rl:bench:${c.req.header("CF-Connecting-IP") ?? "x"}`, 30, 60_000, c.var.services.now.getTime())
      .catch(() => null);
    const rows = await c.var.services.db.all<{ one: number }>(sql`select 1 as one`);
    const bytes = Math.min(Number(c.req.query("bytes") ?? 0) || 0, MAX_PAD_BYTES);
    if (bytes <= 0) return c.json({ data: rows[0] });
    const body = { data: rows[0], pad: "" };
    body.pad = "x".repeat(Math.max(0, bytes - JSON.stringify(body).length));
    return c.json(body);
  })
  .get("/limited-write", async (c) => {
    const { db, limiter, now, queue, waitUntil } = c.var.services;
    await limiter.check(`rl:bench:${c.req.header("CF-Connecting-IP") ?? "x"}`, 30, 60_000, now.getTime()).catch(() => null);
    // `?statements=N&sent=B`: the write batch holds N statements and the two requests carry B bytes of
    // arguments between them (a third in the read, the rest in the write), as a create's do.
    const statements = Math.min(Math.max(Number(c.req.query("statements") ?? 1) || 1, 1), 20);
    const sent = Math.max(0, Math.min(Number(c.req.query("sent") ?? 0) || 0, MAX_PAD_BYTES));
    const [read] = await db.all<{ one: number }>(sent ? sql`select length(${"r".repeat(sent / 3)}) > 0 as one` : sql`select 1 as one`);
    const perStatement = "w".repeat((sent - Math.floor(sent / 3)) / statements);
    const [written] = await db.batch(
      Array.from({ length: statements }, () =>
        db.all<{ two: number }>(sent ? sql`select length(${perStatement}) > 0 as two` : sql`select 2 as two`),
      ) as [ReturnType<typeof db.all<{ two: number }>>],
    );
    const pointers = Math.min(Number(c.req.query("enqueue") ?? 0) || 0, 10);
    // The reference of a write route: what a use case's b.run(ctx) does after commit, without a use case.
    if (pointers > 0)
      waitUntil(
        enqueue(
          queue,
          Array.from({ length: pointers }, (_, i) => emailPointer(`eml_bench${i}`)),
        ),
      );
    return c.json({ data: { ...read, ...written[0] } }, 201);
  });
