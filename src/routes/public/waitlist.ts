import { z } from "@hono/zod-openapi";
import { parseHhmm } from "../../domain/working-hours";
import { MAX_WINDOWS } from "../../domain/waitlist";
import type { AppEnv } from "../../env";
import { getWaitlistEntry, leaveWaitlist, type ManagedEntry } from "../../services/waitlist/manage";
import { type JoinedEntry, joinWaitlist } from "../../services/waitlist/join";
import { captchaTokenField, emailField, firstNameField, idField, localDateField, localeField, optionalText, slugParam } from "../fields";
import { openApiRouter, routeGroup, security } from "../openapi";

/** Tenant-local `HH:MM` (00:00..24:00) as minutes of the day. */
const clockField = (name: string) =>
  z
    .string({ error: `${name} must be a time HH:MM` })
    .max(5, `${name} must be a time HH:MM`)
    .transform((s, ctx) => {
      const minute = parseHhmm(s);
      if (minute === null) {
        ctx.addIssue({ code: "custom", message: `${name} must be a time HH:MM` });
        return z.NEVER;
      }
      return minute;
    })
    .openapi({ example: "10:00" });

const windowField = z
  .object({
    date: localDateField.openapi({ description: "A date in the business's time zone, YYYY-MM-DD", example: "2031-03-11" }),
    from: clockField("from"),
    to: clockField("to"),
  })
  .strict()
  .refine((w) => w.to > w.from, { message: "to must be after from", path: ["to"] });

const joinBody = z
  .object({
    serviceId: idField("serviceId"),
    staffProfileId: idField("staffProfileId").optional().openapi({ description: "Omit for anyone who performs the service" }),
    windows: z
      .array(windowField, { error: "windows must be a list" })
      .min(1, "Give at least one window")
      .max(MAX_WINDOWS, `At most ${MAX_WINDOWS} windows`),
    customer: z
      .object({
        firstName: firstNameField,
        lastName: optionalText(100, "Last name"),
        email: emailField,
        phone: optionalText(40, "Phone"),
        smsOptIn: z.boolean({ error: "smsOptIn must be true or false" }).optional(),
      })
      .strict(),
    // design.md §31: needed at a business with bot protection (GET .../checkout-config names the site key).
    captchaToken: captchaTokenField,
    locale: localeField
      .optional()
      .openapi({ description: "The page's language: the waitlist's e-mails and texts use it (default: the business's locale)" }),
  })
  .strict();

const Joined = z.object({ id: z.string(), status: z.literal("waiting"), manageUrl: z.string() }).openapi("WaitlistJoined");
const Entry = z
  .object({
    id: z.string(),
    status: z.enum(["waiting", "booked", "left", "ended"]),
    slug: z.string(),
    businessName: z.string(),
    serviceName: z.string(),
    staffName: z.string().nullable(),
    windows: z.array(z.object({ start: z.string(), end: z.string() })).openapi({ description: "Tenant-local YYYY-MM-DDTHH:MM:SS" }),
  })
  .openapi("WaitlistEntry");

export const toWaitlistEntry = (e: ManagedEntry): z.infer<typeof Entry> => ({
  id: e.id,
  status: e.status,
  slug: e.slug,
  businessName: e.businessName,
  serviceName: e.serviceName,
  staffName: e.staffName,
  windows: e.windows.map((w) => ({ start: w.start, end: w.end })),
});

export const toWaitlistJoined = (j: JoinedEntry): z.infer<typeof Joined> => ({ id: j.id, status: j.status, manageUrl: j.manageUrl });

const tags = ["Public waitlist"];
const tokenParam = z.object({ token: z.string().openapi({ description: "The secret of the manage link" }) });

const route = routeGroup({ tags, security: security.none });
const join = route.post(
  "/{slug}/waitlist",
  "Joins the waitlist of a service for 1-5 tenant-local windows; a freed time inside one is offered by e-mail",
  {
    description:
      "409 conflict when this e-mail already waits for this service; 403 captcha_failed without a passing `captchaToken` where bot protection is on.",
    params: slugParam,
    body: joinBody,
    created: Joined,
    errors: [400, 403, 404, 409, 429],
  },
);
const read = route.get("/waitlist/{token}", "The waitlist entry of a manage link", { params: tokenParam, ok: Entry, errors: [404, 429] });
const leave = route.delete("/waitlist/{token}", "Leaves the waitlist (idempotent; an entry that has ended stays as it ended)", {
  params: tokenParam,
  ok: Entry,
  errors: [404, 429],
});

/** The manage link's routes; "waitlist" is a reserved slug, so they never name a tenant. */
export const waitlistManageRoutes = openApiRouter<AppEnv>()
  .openapi(read, async (c) =>
    c.json({ data: toWaitlistEntry(await getWaitlistEntry(c.var.services.db, c.req.valid("param").token, c.var.services.now)) }, 200),
  )
  .openapi(leave, async (c) =>
    c.json({ data: toWaitlistEntry(await leaveWaitlist(c.var.services.db, c.req.valid("param").token, c.var.services.now)) }, 200),
  );

export const joinWaitlistRoute = openApiRouter<AppEnv>().openapi(join, async (c) => {
  const body = c.req.valid("json");
  const joined = await joinWaitlist(c.var.services, c.req.valid("param").slug, {
    serviceId: body.serviceId,
    staffProfileId: body.staffProfileId,
    windows: body.windows.map((w) => ({ date: w.date, fromMinute: w.from, toMinute: w.to })),
    customer: body.customer,
    captchaToken: body.captchaToken,
    clientIp: c.req.header("CF-Connecting-IP"),
    locale: body.locale,
  });
  return c.json({ data: toWaitlistJoined(joined) }, 201);
});
