import { z } from "zod";
import { parseLocalDate, type LocalDate } from "../time";

/**
 * The assistants' tools (design.md §20): what the model is told about them and how their
 * arguments are checked. Every tool is read-only and none takes a business: the tenant is fixed by
 * the route (slug or token), so no argument can move a tool to another business. Unknown argument
 * names are refused (strict), so an injected `slug` or `tenantId` is an error the model sees, never
 * a silent override.
 */

type ParamSpec = { type: "string"; description: string; enum?: string[] };

/** What the provider sends the model: a flat object of string parameters (the shape every provider accepts). */
export type ToolSpec = {
  name: string;
  description: string;
  parameters: { type: "object"; properties: Record<string, ParamSpec>; required: string[] };
};

export type ToolDef<A = unknown> = ToolSpec & { args: z.ZodType<A> };

/** At most this many days per days-range call (the days endpoint allows 42; a chat needs far fewer). */
export const MAX_DAYS_RANGE = 14;
/** Owner bookings per call: at most a month of days. */
export const MAX_BOOKINGS_RANGE_DAYS = 31;

const id = (name: string) =>
  z
    .string({ error: `${name} must be a string` })
    .trim()
    .min(1, `${name} is required`)
    .max(100, `${name} is too long`);

const date = (name: string) =>
  z.string({ error: `${name} must be a string` }).transform((s, ctx): LocalDate => {
    const d = parseLocalDate(s.trim());
    if (!d) {
      ctx.addIssue({ code: "custom", message: `${name} must be a real date YYYY-MM-DD` });
      return z.NEVER;
    }
    return d;
  });

const clock = (name: string) =>
  z
    .string({ error: `${name} must be a string` })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${name} must be HH:MM`);

const str = (description: string): ParamSpec => ({ type: "string", description });

const noArgs = z.object({}).strict();

const availabilityArgs = z
  .object({
    serviceId: id("serviceId"),
    date: date("date"),
    staffId: id("staffId").optional(),
    earliest: clock("earliest").optional(),
    latest: clock("latest").optional(),
  })
  .strict();
export type AvailabilityArgs = z.infer<typeof availabilityArgs>;

const daysArgs = z
  .object({ serviceId: id("serviceId"), from: date("from"), to: date("to").optional(), staffId: id("staffId").optional() })
  .strict();
export type DaysArgs = z.infer<typeof daysArgs>;

const bookingsArgs = z
  .object({
    from: date("from"),
    to: date("to").optional(),
    status: z.enum(["pending", "confirmed", "completed", "no_show", "cancelled"], { error: "Unknown status" }).optional(),
    staffId: id("staffId").optional(),
  })
  .strict();
export type BookingsArgs = z.infer<typeof bookingsArgs>;

const customerArgs = z
  .object({ query: z.string({ error: "query must be a string" }).trim().min(1, "query is required").max(200) })
  .strict();
export type CustomerArgs = z.infer<typeof customerArgs>;

const availabilityParams = {
  serviceId: str("Service id from list_services"),
  date: str("Local date YYYY-MM-DD"),
  staffId: str("Optional staff id from list_staff; omit for anyone"),
  earliest: str("Optional earliest start time HH:MM"),
  latest: str("Optional latest start time HH:MM"),
};

const daysParams = {
  serviceId: str("Service id from list_services"),
  from: str("First local date YYYY-MM-DD"),
  to: str(`Optional last local date YYYY-MM-DD, at most ${MAX_DAYS_RANGE} days after from`),
  staffId: str("Optional staff id from list_staff"),
};

const listServices: ToolDef = {
  name: "list_services",
  description: "Lists the services with id, name, description, duration in minutes and price in minor units.",
  parameters: { type: "object", properties: {}, required: [] },
  args: noArgs,
};

const listStaff: ToolDef = {
  name: "list_staff",
  description: "Lists the staff members with id, name and title.",
  parameters: { type: "object", properties: {}, required: [] },
  args: noArgs,
};

const getAvailability: ToolDef<AvailabilityArgs> = {
  name: "get_availability",
  description: "Free start times of one service on one local date, per staff member (startTime is local YYYY-MM-DDTHH:MM:SS).",
  parameters: { type: "object", properties: availabilityParams, required: ["serviceId", "date"] },
  args: availabilityArgs,
};

const findAvailableDays: ToolDef<DaysArgs> = {
  name: "find_available_days",
  description: `How many free start times each local date from..to has (at most ${MAX_DAYS_RANGE} days) and the first one.`,
  parameters: { type: "object", properties: daysParams, required: ["serviceId", "from"] },
  args: daysArgs,
};

const listBookings: ToolDef<BookingsArgs> = {
  name: "list_bookings",
  description: `The business's bookings starting on local dates from..to (inclusive, at most ${MAX_BOOKINGS_RANGE_DAYS} days), earliest first.`,
  parameters: {
    type: "object",
    properties: {
      from: str("First local date YYYY-MM-DD"),
      to: str("Optional last local date YYYY-MM-DD (default: from)"),
      status: {
        type: "string",
        description: "Optional status filter",
        enum: ["pending", "confirmed", "completed", "no_show", "cancelled"],
      },
      staffId: str("Optional staff id"),
    },
    required: ["from"],
  },
  args: bookingsArgs,
};

const searchCustomers: ToolDef<CustomerArgs> = {
  name: "search_customers",
  description: "Finds the business's customers whose name, e-mail or phone contains the query (at most 20).",
  parameters: { type: "object", properties: { query: str("Part of a name, e-mail or phone") }, required: ["query"] },
  args: customerArgs,
};

/** The public booking assistant: the business's public catalog and free times, nothing else. */
export const PUBLIC_TOOLS = [listServices, listStaff, getAvailability, findAvailableDays] as const;

/** The owner assistant: the caller's own business, read-only. */
export const OWNER_TOOLS = [listServices, listStaff, getAvailability, findAvailableDays, listBookings, searchCustomers] as const;

export type ToolName = (typeof OWNER_TOOLS)[number]["name"];

export type ParsedCall = { ok: true; tool: ToolDef; args: unknown } | { ok: false; error: string };

/**
 * A model's call -> the tool and its checked arguments, or an error to hand back to the model.
 * `rawArguments` is the JSON text the model produced ("" means no arguments).
 */
export function parseToolCall(tools: readonly ToolDef[], name: string, rawArguments: string): ParsedCall {
  const tool = tools.find((t) => t.name === name);
  if (!tool) return { ok: false, error: `Unknown tool "${name.slice(0, 64)}". Available: ${tools.map((t) => t.name).join(", ")}` };
  let value: unknown = {};
  if (rawArguments.trim() !== "") {
    try {
      value = JSON.parse(rawArguments);
    } catch {
      return { ok: false, error: "The arguments are not valid JSON" };
    }
  }
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return { ok: false, error: "The arguments must be a JSON object" };
  const parsed = tool.args.safeParse(value);
  if (!parsed.success) return { ok: false, error: describeIssues(parsed.error) };
  return { ok: true, tool, args: parsed.data };
}

function describeIssues(error: z.ZodError): string {
  const parts = error.issues.slice(0, 5).map((i) => {
    if (i.code === "unrecognized_keys") return `unknown argument(s): ${i.keys.map((k) => k.slice(0, 40)).join(", ")}`;
    const path = i.path.map(String).join(".");
    return path ? `${path}: ${i.message}` : i.message;
  });
  return `Invalid arguments: ${parts.join("; ")}`;
}
