import { and, eq } from "drizzle-orm";
import { schema } from "../../src/db/client";
import { testDb } from "./db";

/** The audit entries of one action about a business (its target), oldest first, as stored. */
export function auditEntries(tenantId: string, action: string) {
  return testDb()
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.targetId, tenantId), eq(schema.auditLog.action, action)))
    .orderBy(schema.auditLog.createdAt, schema.auditLog.id);
}
