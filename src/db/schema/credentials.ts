import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { customerAccounts, tenantRef, tenantRow, users } from "./accounts";
import { createdAt, id, requiredRef, singleUseToken } from "./columns";

// Signing in and acting for someone: sessions, the platform's operators and their impersonations,
// password resets, one-time tokens and tenant API keys (the people and businesses are ./accounts.ts).

export const sessions = sqliteTable(
  "sessions",
  {
    id: id(),
    subjectType: text("subject_type", { enum: ["user", "customer", "admin"] }).notNull(),
    subjectId: text("subject_id").notNull(),
    tenantId: text("tenant_id"),
    createdAt: createdAt(),
    expiresAt: text("expires_at").notNull(),
    revokedAt: text("revoked_at"),
  },
  (t) => [
    index("sessions_subject_idx").on(t.subjectType, t.subjectId),
    // Retention (design.md §25): the cron deletes sessions 7 days after they expire.
    index("sessions_expires_idx").on(t.expiresAt),
  ],
);

export const superAdmins = sqliteTable(
  "super_admins",
  {
    id: id(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    lastLoginAt: text("last_login_at"),
    createdAt: createdAt(),
    /** Consecutive failed sign-ins since the last success or lock (design.md §18). */
    failedLogins: integer("failed_logins").notNull().default(0),
    /** While in the future, sign-ins are refused (429) without checking the password. */
    lockedUntil: text("locked_until"),
  },
  (t) => [uniqueIndex("super_admins_email_uq").on(t.email)],
);

export const impersonationSessions = sqliteTable(
  "impersonation_sessions",
  {
    id: id(),
    adminId: requiredRef("admin_id", () => superAdmins.id),
    tenantId: tenantRef(),
    ownerUserId: requiredRef("owner_user_id", () => users.id),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [index("impersonation_tenant_idx").on(t.tenantId, t.createdAt)],
);

export const passwordResets = sqliteTable(
  "password_resets",
  {
    id: id(),
    customerAccountId: requiredRef("customer_account_id", () => customerAccounts.id),
    ...singleUseToken(),
  },
  (t) => [uniqueIndex("password_resets_token_uq").on(t.tokenHash), index("password_resets_expires_idx").on(t.expiresAt)],
);

/**
 * Single-use links for owner/staff accounts (users): password resets (1 h) and member invitations
 * (7 days; the invited user sets their own password). Only the SHA-256 of the token is stored.
 */
export const userTokens = sqliteTable(
  "user_tokens",
  {
    id: id(),
    userId: requiredRef("user_id", () => users.id),
    purpose: text("purpose", { enum: ["password_reset", "invite"] }).notNull(),
    ...singleUseToken(),
  },
  (t) => [
    uniqueIndex("user_tokens_token_uq").on(t.tokenHash),
    index("user_tokens_user_idx").on(t.userId),
    index("user_tokens_expires_idx").on(t.expiresAt),
  ],
);

/**
 * Tenant API keys (design.md §19): an integrator's credential for the owner API, as the business.
 * Only the SHA-256 of the key is stored (the key is shown once, at creation); `prefix` is its
 * first characters, to tell keys apart in a list. `last_used_at` is kept to the minute.
 */
export const apiKeys = sqliteTable(
  "api_keys",
  {
    ...tenantRow(),
    name: text("name").notNull(),
    scope: text("scope", { enum: ["read", "write"] }).notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    createdBy: requiredRef("created_by", () => users.id),
    createdAt: createdAt(),
    lastUsedAt: text("last_used_at"),
    revokedAt: text("revoked_at"),
  },
  (t) => [uniqueIndex("api_keys_hash_uq").on(t.keyHash), index("api_keys_tenant_idx").on(t.tenantId, t.createdAt)],
);
