import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ApiError } from "../../errors";
import type { CustomerContact } from "../customer-record";

/**
 * GET /api/customers/:id/export (design.md §25): what the business holds about one customer, to
 * hand to them. ONE round trip. Messages are listed (kind, channel, status, time), never with
 * their bodies (e-mails to the record's address, texts to and from the customer); money as payments
 * with their refunds.
 */

export type ExportCustomer = CustomerContact & {
  hasAccount: boolean;
  marketingOptIn: boolean | null;
  erasedAt: string | null;
  createdAt: string;
  updatedAt: string;
};
export type ExportBooking = {
  id: string;
  confirmationCode: string;
  status: string;
  source: string;
  serviceName: string;
  staffName: string;
  startAt: number;
  endAt: number;
  totalAmount: number;
  currency: string;
  notes: string;
  cancelReason: string | null;
  /** What the person typed on this booking when it differed from the record (design.md §31), and the number texts went to. */
  guestFirstName: string | null;
  guestLastName: string | null;
  guestPhone: string | null;
  smsPhone: string | null;
  createdAt: string;
};
export type ExportPayment = {
  id: string;
  bookingId: string;
  kind: string;
  status: string;
  amount: number;
  refundedAmount: number;
  currency: string;
  createdAt: string;
};
export type ExportRefund = { id: string; paymentId: string; amount: number; currency: string; status: string; createdAt: string };
export type ExportMessage = { kind: string; channel: "email" | "sms"; status: string; createdAt: string; sentAt: string | null };

export type CustomerExport = {
  customer: ExportCustomer;
  bookings: ExportBooking[];
  payments: ExportPayment[];
  refunds: ExportRefund[];
  messages: ExportMessage[];
};

type CustomerRow = Omit<ExportCustomer, "hasAccount" | "marketingOptIn"> & { accountId: string | null; marketingOptIn: number | null };

export async function exportCustomer(db: Db, tenantId: string, customerId: string): Promise<CustomerExport> {
  const mine = sql`b.tenant_id = ${tenantId} AND b.customer_id = ${customerId}`;
  const [customers, bookings, payments, refunds, messages] = await db.batch([
    db.all<CustomerRow>(sql`
      SELECT c.id, c.first_name AS firstName, c.last_name AS lastName, c.email, c.phone, c.notes, c.customer_account_id AS accountId,
        a.marketing_opt_in AS marketingOptIn, c.erased_at AS erasedAt, c.created_at AS createdAt, c.updated_at AS updatedAt
      FROM customers c LEFT JOIN customer_accounts a ON a.id = c.customer_account_id
      WHERE c.id = ${customerId} AND c.tenant_id = ${tenantId}`),
    db.all<ExportBooking>(sql`
      SELECT b.id, b.confirmation_code AS confirmationCode, b.status, b.source, s.name AS serviceName, p.display_name AS staffName,
        b.start_at AS startAt, b.end_at AS endAt, b.total_amount AS totalAmount, b.currency, b.notes, b.cancel_reason AS cancelReason,
        b.guest_first_name AS guestFirstName, b.guest_last_name AS guestLastName, b.guest_phone AS guestPhone, b.sms_phone AS smsPhone,
        b.created_at AS createdAt
      FROM bookings b JOIN services s ON s.id = b.service_id JOIN staff_profiles p ON p.id = b.staff_id
      WHERE ${mine} ORDER BY b.start_at, b.id`),
    db.all<ExportPayment>(sql`
      SELECT x.id, x.booking_id AS bookingId, x.kind, x.status, x.amount, x.refunded_amount AS refundedAmount, x.currency, x.created_at AS createdAt
      FROM payments x JOIN bookings b ON b.id = x.booking_id WHERE ${mine} ORDER BY x.created_at, x.id`),
    db.all<ExportRefund>(sql`
      SELECT r.id, r.payment_id AS paymentId, r.amount, r.currency, r.status, r.created_at AS createdAt
      FROM refunds r JOIN payments x ON x.id = r.payment_id JOIN bookings b ON b.id = x.booking_id WHERE ${mine} ORDER BY r.created_at, r.id`),
    // Only while the record still has its address: an erased customer's messages were stripped of it.
    db.all<ExportMessage>(sql`
      SELECT o.kind, 'email' AS channel, o.status, o.created_at AS createdAt, o.sent_at AS sentAt
      FROM email_outbox o JOIN customers c ON c.id = ${customerId} AND c.tenant_id = ${tenantId} AND c.email <> ''
      WHERE o.tenant_id = ${tenantId} AND lower(o.to_email) = lower(c.email)
      UNION ALL
      SELECT COALESCE(m.template, CASE m.direction WHEN 'in' THEN 'reply' ELSE 'text' END), 'sms', m.status, m.created_at, m.sent_at
      FROM sms_messages m WHERE m.tenant_id = ${tenantId} AND m.customer_id = ${customerId}
      ORDER BY 4, 1`),
  ]);
  const c = customers[0];
  if (!c) throw ApiError.notFound("Customer");
  const { accountId, marketingOptIn, ...rest } = c;
  return {
    customer: { ...rest, hasAccount: accountId !== null, marketingOptIn: marketingOptIn === null ? null : marketingOptIn === 1 },
    bookings,
    payments,
    refunds,
    messages,
  };
}
