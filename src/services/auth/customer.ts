import { eq } from "drizzle-orm";
import { schema } from "../../db/client";
import { ApiError } from "../../errors";
import { newId } from "../../lib/ids";
import { hashPassword, verifyPassword } from "../../lib/password";
import { uniqueViolation } from "../../db/unique-violation";
import { type AuthCtx, sessionInsert, signCustomerToken } from "./sessions";

export type CustomerRow = typeof schema.customerAccounts.$inferSelect;
export type CustomerSignIn = { token: string; sessionId: string; customer: CustomerRow };

const { customerAccounts } = schema;

export type RegisterCustomerInput = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone: string;
  defaultTimezone: string;
  marketingOptIn: boolean;
};

/** Account + session in one batch; registering signs the customer in (lastLoginAt = now). */
export async function registerCustomer(ctx: AuthCtx, input: RegisterCustomerInput): Promise<CustomerSignIn> {
  const { db, now } = ctx;
  const t = now.toISOString();
  const customer: CustomerRow = {
    id: newId("cus"),
    email: input.email,
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    defaultTimezone: input.defaultTimezone,
    emailVerified: false,
    marketingOptIn: input.marketingOptIn,
    lastLoginAt: t,
    createdAt: t,
    updatedAt: t,
  };
  const session = sessionInsert(db, "customer", customer.id, null, now);
  try {
    await db.batch([db.insert(customerAccounts).values(customer), session.insert]);
  } catch (err) {
    if (uniqueViolation(err)?.includes("customer_accounts.email")) {
      throw new ApiError("email_taken", "An account with this e-mail already exists");
    }
    throw err;
  }
  return { token: await signCustomerToken(ctx, customer.id, session.id), sessionId: session.id, customer };
}

/** One read, one write batch (last_login_at + session); unknown e-mail costs the same as a wrong password. */
export async function loginCustomer(ctx: AuthCtx, email: string, password: string): Promise<CustomerSignIn> {
  const { db, now } = ctx;
  const [found] = await db.select().from(customerAccounts).where(eq(customerAccounts.email, email)).limit(1);
  const ok = await verifyPassword(password, found?.passwordHash);
  if (!found || !ok) throw new ApiError("invalid_credentials", "Wrong e-mail or password");
  const t = now.toISOString();
  const session = sessionInsert(db, "customer", found.id, null, now);
  await db.batch([db.update(customerAccounts).set({ lastLoginAt: t }).where(eq(customerAccounts.id, found.id)), session.insert]);
  return {
    token: await signCustomerToken(ctx, found.id, session.id),
    sessionId: session.id,
    customer: { ...found, lastLoginAt: t },
  };
}
