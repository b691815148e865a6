import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ApiError } from "../../errors";
import { verifyPassword } from "../../lib/password";
import { auditInsert } from "../audit";
import type { CustomerBookingRow } from "../auth/customer-profile";
import { batch, wrote } from "../batch";

/**
 * A customer's own account (design.md §25): `GET /api/me/export` and `DELETE /api/me`. The account
 * is global; each business's customer record of the person stays with that business, unlinked.
 */

export type AccountExport = {
  account: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    phone: string;
    defaultTimezone: string;
    emailVerified: boolean;
    marketingOptIn: boolean;
    createdAt: string;
    lastLoginAt: string | null;
  };
  /** Each booking as the account's own list shows it (no tenant id), with its notes and money. */
  bookings: (Omit<CustomerBookingRow, "tenantId"> & {
    notes: string;
    payments: { kind: string; status: string; amount: number; refundedAmount: number; currency: string }[];
  })[];
};

type AccountRow = Omit<AccountExport["account"], "emailVerified" | "marketingOptIn"> & { emailVerified: number; marketingOptIn: number };
type BookingRow = Omit<AccountExport["bookings"][number], "payments"> & { payments: string };

/** Every business's bookings made with the account, with what was paid: one round trip. */
export async function exportAccount(db: Db, customerId: string): Promise<AccountExport> {
  const [accounts, bookings] = await db.batch([
    db.all<AccountRow>(sql`
      SELECT id, email, first_name AS firstName, last_name AS lastName, phone, default_timezone AS defaultTimezone,
        email_verified AS emailVerified, marketing_opt_in AS marketingOptIn, created_at AS createdAt, last_login_at AS lastLoginAt
      FROM customer_accounts WHERE id = ${customerId}`),
    db.all<BookingRow>(sql`
      SELECT b.id, t.business_name AS businessName, t.slug AS businessSlug, t.timezone, s.name AS serviceName, p.display_name AS staffName,
        b.status, b.confirmation_code AS confirmationCode, b.start_at AS startAt, b.end_at AS endAt, b.total_amount AS totalAmount,
        b.currency, b.notes, b.created_at AS createdAt,
        (SELECT json_group_array(json_object('kind', x.kind, 'status', x.status, 'amount', x.amount,
            'refundedAmount', x.refunded_amount, 'currency', x.currency)) FROM payments x WHERE x.booking_id = b.id) AS payments
      FROM bookings b JOIN tenants t ON t.id = b.tenant_id JOIN services s ON s.id = b.service_id JOIN staff_profiles p ON p.id = b.staff_id
      WHERE b.customer_account_id = ${customerId} ORDER BY b.start_at DESC, b.id`),
  ]);
  const a = accounts[0];
  // The token's subject names no account any more (deleted): like any bad token.
  if (!a) throw new ApiError("unauthorized");
  return {
    account: { ...a, emailVerified: a.emailVerified === 1, marketingOptIn: a.marketingOptIn === 1 },
    bookings: bookings.map((b) => ({ ...b, payments: JSON.parse(b.payments) as AccountExport["bookings"][number]["payments"] })),
  };
}

/**
 * DELETE /api/me { password }: the caller proves the password (the same cost whether or not it
 * matches), then ONE atomic batch unlinks the businesses' customer records and bookings, deletes
 * the account's reset links, sessions and the account itself, and writes the audit row (ids only).
 */
export async function deleteAccount(db: Db, customerId: string, password: string, now: Date): Promise<{ id: string }> {
  const [row] = await db.all<{ passwordHash: string }>(
    sql`SELECT password_hash AS passwordHash FROM customer_accounts WHERE id = ${customerId}`,
  );
  const ok = await verifyPassword(password, row?.passwordHash);
  if (!row) throw new ApiError("unauthorized");
  if (!ok) throw ApiError.field("password", "The password is not correct");
  const mine = sql`customer_account_id = ${customerId}`;
  const b = batch(db);
  b.add(
    auditInsert(
      db,
      {
        action: "customer_account.deleted",
        actorType: "customer",
        actorId: customerId,
        targetType: "customer_account",
        targetId: customerId,
      },
      now,
      sql`EXISTS (SELECT 1 FROM customer_accounts WHERE id = ${customerId})`,
    ),
  );
  b.add(db.run(sql`UPDATE customers SET customer_account_id = NULL, updated_at = ${now.toISOString()} WHERE ${mine}`));
  b.add(db.run(sql`UPDATE bookings SET customer_account_id = NULL WHERE ${mine}`));
  b.add(db.run(sql`DELETE FROM password_resets WHERE ${mine}`));
  b.add(db.run(sql`DELETE FROM sessions WHERE subject_type = 'customer' AND subject_id = ${customerId}`));
  const deleted = b.add(db.run(sql`DELETE FROM customer_accounts WHERE id = ${customerId}`));
  await b.run();
  if (!wrote(deleted.result())) throw new ApiError("unauthorized");
  return { id: customerId };
}
