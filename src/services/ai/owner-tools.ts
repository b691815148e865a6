import { and, asc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { MemberRole } from "../../auth-context";
import { schema, type Db } from "../../db/client";
import {
  type AvailabilityArgs,
  type BookingsArgs,
  type CustomerArgs,
  type DaysArgs,
  MAX_BOOKINGS_RANGE_DAYS,
  type ToolDef,
} from "../../domain/ai/tools";
import { addDays, dayZone, instantToLocalString, type LocalDate, wallDayStart, wallToInstant } from "../../domain/time";
import type { BookingCtx, BookingScope } from "../bookings";
import { listServices } from "../owner/catalog";
import { listCustomers } from "../owner/customers";
import { listStaff } from "../owner/staff";
import type { DaysAvailability } from "./days";
import { ToolError, type ToolExecutor } from "./loop";
import { availabilityTool, daysTool, short } from "./tool-shared";

/**
 * The owner assistant's tools: reads of the caller's own business (the token's tenant), never a
 * write. Customer contact details stay in the business's own data: they reach the model only for
 * the business that owns them, at its member's request.
 */

export const MAX_BOOKINGS_SHOWN = 100;
const MAX_CUSTOMERS_SHOWN = 20;

const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

/** The instant a tenant-local date begins (a midnight inside a DST gap starts when the clock jumps). */
function localDayStart(timeZone: string, d: LocalDate): number {
  return wallToInstant(dayZone(timeZone, d), wallDayStart(d), "clamp");
}

async function bookingsTool(db: Db, tenantId: string, timeZone: string, codes: boolean, a: BookingsArgs) {
  const to = a.to ?? a.from;
  const span = Math.round((wallDayStart(to) - wallDayStart(a.from)) / 86_400_000) + 1;
  if (span < 1) throw new ToolError("to must not be before from");
  if (span > MAX_BOOKINGS_RANGE_DAYS) throw new ToolError(`At most ${MAX_BOOKINGS_RANGE_DAYS} days per call`);
  const b = schema.bookings;
  const s = schema.services;
  const p = schema.staffProfiles;
  const c = schema.customers;
  const where: SQL[] = [
    eq(b.tenantId, tenantId),
    gte(b.startAt, localDayStart(timeZone, a.from)),
    lt(b.startAt, localDayStart(timeZone, addDays(to, 1))),
  ];
  if (a.status) where.push(eq(b.status, a.status));
  if (a.staffId) where.push(eq(b.staffId, a.staffId));
  const rows = await db
    .select({
      id: b.id,
      code: b.confirmationCode,
      status: b.status,
      startAt: b.startAt,
      endAt: b.endAt,
      notes: b.notes,
      totalAmount: b.totalAmount,
      currency: b.currency,
      service: s.name,
      staff: p.displayName,
      firstName: c.firstName,
      lastName: c.lastName,
    })
    .from(b)
    .innerJoin(s, eq(s.id, b.serviceId))
    .innerJoin(p, eq(p.id, b.staffId))
    .leftJoin(c, eq(c.id, b.customerId))
    .where(and(...where))
    .orderBy(asc(b.startAt), asc(b.id))
    .limit(MAX_BOOKINGS_SHOWN + 1);
  return {
    timezone: timeZone,
    bookings: rows.slice(0, MAX_BOOKINGS_SHOWN).map((r) => ({
      id: r.id,
      // design.md §31: a staff member's assistant never hands out what cancels a booking by code.
      confirmationCode: codes ? r.code : null,
      status: r.status,
      start: instantToLocalString(timeZone, r.startAt),
      end: instantToLocalString(timeZone, r.endAt),
      service: r.service,
      staff: r.staff,
      customer: r.firstName === null ? null : `${r.firstName} ${r.lastName ?? ""}`.trim(),
      notes: short(r.notes, 200),
      totalAmount: r.totalAmount,
      currency: r.currency,
    })),
    more: rows.length > MAX_BOOKINGS_SHOWN,
  };
}

export function ownerToolExecutor(
  ctx: Pick<BookingCtx, "db" | "now">,
  owner: { tenantId: string; userId: string; timezone: string; role: MemberRole },
  days: DaysAvailability,
): ToolExecutor {
  const { db } = ctx;
  const scope: BookingScope = { kind: "owner", tenantId: owner.tenantId };
  return async (tool: ToolDef, args: unknown) => {
    switch (tool.name) {
      case "list_services":
        return (await listServices(db, owner.tenantId)).map((s) => ({
          id: s.id,
          name: s.name,
          description: short(s.description),
          durationMinutes: s.durationMinutes,
          price: s.price,
          depositPercent: s.depositPercent,
          isActive: s.isActive,
          isOnlineBookable: s.isOnlineBookable,
        }));
      case "list_staff":
        return (await listStaff(db, owner.tenantId)).map((p) => ({
          id: p.id,
          name: p.displayName,
          title: short(p.title, 100),
          isBookable: p.isBookable,
          workingHours: p.hours.map((h) => ({ dayOfWeek: h.weekday, start: hhmm(h.startMinute), end: hhmm(h.endMinute) })),
        }));
      case "get_availability":
        return (await availabilityTool(ctx, scope, args as AvailabilityArgs)).result;
      case "find_available_days":
        return daysTool(ctx, scope, days, args as DaysArgs);
      case "list_bookings":
        return bookingsTool(db, owner.tenantId, owner.timezone, owner.role !== "staff", args as BookingsArgs);
      case "search_customers": {
        const rows = await listCustomers(db, owner.tenantId, { search: (args as CustomerArgs).query, limit: MAX_CUSTOMERS_SHOWN });
        return rows.map((r) => ({
          id: r.id,
          name: `${r.firstName} ${r.lastName}`.trim(),
          email: r.email,
          phone: r.phone,
          bookingCount: r.bookingCount,
        }));
      }
      default:
        throw new Error(`owner tool ${tool.name} has no executor`);
    }
  };
}
