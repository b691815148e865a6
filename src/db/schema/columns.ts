import { integer, text } from "drizzle-orm/sqlite-core";

// Conventions: ids are random text; metadata timestamps are ISO-8601 UTC text (sortable);
// booking and time-off instants are integer epoch milliseconds, so overlap checks are integer
// comparisons on an index; money is integer minor units; flags are 0/1 integers.

export const createdAt = () => text("created_at").notNull();
export const updatedAt = () => text("updated_at").notNull();
// Generic over the name so the column keeps its literal SQL name (src/db/row-of.ts types rows by it).
export const flag = <N extends string>(name: N) => integer(name, { mode: "boolean" });
