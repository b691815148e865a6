import type { schema } from "../db/client";

/**
 * The business's record of a customer as its list, its export and the CSV export all show it: who,
 * how to reach them and the business's notes, typed from the schema so the three cannot drift.
 */
export type CustomerContact = Pick<typeof schema.customers.$inferSelect, "id" | "firstName" | "lastName" | "email" | "phone" | "notes">;
