import { describe, expect, expectTypeOf, it } from "vitest";
import type { Aliased, LeftJoined, RowOf, SqlColumn, StoredRow } from "../../../src/db/row-of";
import type { bookings, services, tenants } from "../../../src/db/schema";
import type { ServiceRow } from "../../../src/services/bookings/scope";

// The hot paths' hand-written SQL rows are typed from the schema (issue #34 item 5). These checks run
// in the typecheck (`npm run typecheck`); the assertions below keep vitest's count honest.
describe("row types from the schema", () => {
  it("names columns by their SQL names, typed as the driver returns them", () => {
    type Times = RowOf<typeof bookings, "id" | "start_at" | "end_at" | "visit_id">;
    expectTypeOf<Times>().toEqualTypeOf<{ id: string; start_at: number; end_at: number; visit_id: string | null }>();
    // @ts-expect-error a column the table does not have (a typo, or a renamed column) fails the typecheck
    type Renamed = RowOf<typeof bookings, "starts_at">;
    expectTypeOf<"start_at">().toExtend<SqlColumn<typeof bookings>>();
    const row: Times = { id: "bkg_1", start_at: 1, end_at: 2, visit_id: null };
    expect(row.end_at - row.start_at).toBe(1);
    expect(((x: Renamed | null) => x)(null)).toBeNull();
  });

  it("keeps flags as 0/1 numbers, as SQLite stores them", () => {
    expectTypeOf<StoredRow<typeof services>["isActive"]>().toEqualTypeOf<number>();
    const row: Pick<StoredRow<typeof services>, "isActive"> = { isActive: 1 };
    expect(row.isActive).toBe(1);
  });

  it("derives the booking read's service row from the services table", () => {
    expectTypeOf<ServiceRow["durationMinutes"]>().toEqualTypeOf<number>();
    expectTypeOf<ServiceRow["staffIds"]>().toEqualTypeOf<string | null>();
    const keys: (keyof ServiceRow)[] = ["id", "price", "resourceTypes"];
    expect(keys).toHaveLength(3);
  });

  it("names flag columns by their SQL names too, and types aliased and left-joined columns", () => {
    type State = Aliased<typeof tenants, { isActive: "is_active"; businessName: "business_name" }>;
    expectTypeOf<State>().toEqualTypeOf<{ isActive: number; businessName: string }>();
    expectTypeOf<LeftJoined<State>>().toEqualTypeOf<{ isActive: number | null; businessName: string | null }>();
    // @ts-expect-error an alias naming a column the table does not have fails the typecheck
    type Typo = Aliased<typeof tenants, { isActive: "is_activ" }>;
    const row: LeftJoined<State> = { isActive: null, businessName: null };
    expect(row.isActive).toBeNull();
    expect(((x: Typo | null) => x)(null)).toBeNull();
  });
});
