import { z } from "zod";
import { BOOKING_STATUSES } from "../../shared/booking-values";
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

/**
 * The parameters the model is told, derived from the argument schema itself (each field's
 * `.describe`), so what the model reads and what `parseToolCall` accepts cannot drift apart.
 */
function parametersOf(args: z.ZodObject): ToolSpec["parameters"] {
  const json = z.toJSONSchema(args, { io: "input", unrepresentable: "any" });
  const properties: Record<string, ParamSpec> = {};
  for (const [key, field] of Object.entries(json.properties ?? {})) {
    if (typeof field !== "object") continue;
    const values = field.enum?.filter((v): v is string => typeof v === "string");
    properties[key] = { type: "string", description: field.description ?? "", ...(values ? { enum: values } : {}) };
  }
  return { type: "object", properties, required: json.required ?? [] };
}

/** A tool whose parameters are its argument schema's. */
const tool = <A>(name: string, description: string, args: z.ZodObject & z.ZodType<A>): ToolDef<A> => ({
  name,
  description,
  parameters: parametersOf(args),
  args,
});

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

const noArgs = z.object({}).strict();

const availabilityArgs = z
  .object({
    serviceId: id("serviceId").describe("Service id from list_services"),
    date: date("date").describe("Local date YYYY-MM-DD"),
    staffId: id("staffId").optional().describe("Optional staff id from list_staff; omit for anyone"),
    earliest: clock("earliest").optional().describe("Optional earliest start time HH:MM"),
    latest: clock("latest").optional().describe("Optional latest start time HH:MM"),
  })
  .strict();
export type AvailabilityArgs = z.infer<typeof availabilityArgs>;

const daysArgs = z
  .object({
    serviceId: id("serviceId").describe("Service id from list_services"),
    from: date("from").describe("First local date YYYY-MM-DD"),
    to: date("to").optional().describe(`Optional last local date YYYY-MM-DD, at most ${MAX_DAYS_RANGE} days after from`),
    staffId: id("staffId").optional().describe("Optional staff id from list_staff"),
  })
  .strict();
export type DaysArgs = z.infer<typeof daysArgs>;

const bookingsArgs = z
  .object({
    from: date("from").describe("First local date YYYY-MM-DD"),
    to: date("to").optional().describe("Optional last local date YYYY-MM-DD (default: from)"),
    status: z.enum(BOOKING_STATUSES, { error: "Unknown status" }).optional().describe("Optional status filter"),
    staffId: id("staffId").optional().describe("Optional staff id"),
  })
  .strict();
export type BookingsArgs = z.infer<typeof bookingsArgs>;

const customerArgs = z
  .object({
    query: z
      .string({ error: "query must be a string" })
      .trim()
      .min(1, "query is required")
      .max(200)
      .describe("Part of a name, e-mail or phone"),
  })
  .strict();
export type CustomerArgs = z.infer<typeof customerArgs>;

const listServices = tool(
  "list_services",
  "Lists the services with id, name, description, duration in minutes and price in minor units.",
  noArgs,
);

const listStaff = tool("list_staff", "Lists the staff members with id, name and title.", noArgs);

const getAvailability = tool(
  "get_availability",
  "Free start times of one service on one local date, per staff member (startTime is local YYYY-MM-DDTHH:MM:SS).",
  availabilityArgs,
);

const findAvailableDays = tool(
  "find_available_days",
  `How many free start times each local date from..to has (at most ${MAX_DAYS_RANGE} days) and the first one.`,
  daysArgs,
);

const listBookings = tool(
  "list_bookings",
  `The business's bookings starting on local dates from..to (inclusive, at most ${MAX_BOOKINGS_RANGE_DAYS} days), earliest first.`,
  bookingsArgs,
);

const searchCustomers = tool(
  "search_customers",
  "Finds the business's customers whose name, e-mail or phone contains the query (at most 20).",
  customerArgs,
);

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
