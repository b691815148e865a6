import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { ADMIN_JS } from "./assets/admin-js";
import { BOOKING_JS } from "./assets/booking-js";
import { APP_CSS } from "./assets/css";

/** Static page assets, compiled into the Worker (no build step, no asset binding needed). */
const ASSETS: Record<string, { type: string; body: string }> = {
  "app.css": { type: "text/css; charset=utf-8", body: APP_CSS },
  "booking.js": { type: "application/javascript; charset=utf-8", body: BOOKING_JS },
  "admin.js": { type: "application/javascript; charset=utf-8", body: ADMIN_JS },
};

export const assetRoutes = new Hono<AppEnv>().get("/assets/:name", (c) => {
  const asset = ASSETS[c.req.param("name")];
  if (!asset) return c.notFound();
  c.header("Content-Type", asset.type);
  c.header("Cache-Control", "public, max-age=300");
  c.header("X-Content-Type-Options", "nosniff");
  return c.body(asset.body);
});
