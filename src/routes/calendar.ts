import { Hono } from "hono";
import type { AppEnv } from "../env";
import { calendarFeed, FEED_REFRESH_MINUTES } from "../services/notifications/calendar-feed";

/**
 * `GET /calendar/<token>.ics` (design.md §17): a staff member's bookings for calendar apps. The
 * URL is the only credential, so the answer may be cached by the subscribing client only
 * (`private`) and for as long as the feed asks it to poll; an unknown or replaced token is a
 * plain 404 that nobody caches.
 */
export const calendarRoutes = new Hono<AppEnv>().get("/:file", async (c) => {
  const file = c.req.param("file");
  const token = file.endsWith(".ics") ? file.slice(0, -4) : "";
  const body = token ? await calendarFeed(c.var.services.db, c.var.services.config, token, c.var.services.now) : null;
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Referrer-Policy", "no-referrer");
  if (body === null) {
    c.header("Cache-Control", "no-store");
    return c.text("Calendar not found", 404);
  }
  c.header("Cache-Control", `private, max-age=${FEED_REFRESH_MINUTES * 60}`);
  c.header("Content-Disposition", 'inline; filename="calendar.ics"');
  return c.body(body, 200, { "Content-Type": "text/calendar; charset=utf-8" });
});
