import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { ApiError } from "../errors";
import { publicTenantSql } from "./public-tenant";

/**
 * The public catalog of a tenant, ONE statement each (docs/benchmarks.md: every statement of a
 * request costs its own encoding, execution and decoding): the visible tenant's row, with the list
 * as one JSON array cell of a subquery keyed by it (the rows' objects come out of JSON.parse with
 * their names, instead of a property definition per cell in the libSQL client). Unknown, inactive
 * or suspended tenant: no row, 404 not_found.
 */

// What the public catalog shows (interface.md): flags come back as 0/1.
export type PublicServiceRow = {
  id: string;
  name: string;
  description: string;
  durationMinutes: number;
  price: number;
  depositPercent: number;
  imageUrl: string | null;
  isOnlineBookable: number;
  orderIndex: number;
};
export type PublicStaffRow = { id: string; displayName: string; title: string; avatarUrl: string | null; color: string };

/** `list` (a JSON array) of the visible tenant named by the slug; 404 when there is none. */
async function listOfTenant<T>(db: Db, slug: string, list: SQL): Promise<T[]> {
  const [row] = await db.all<{ list: string }>(sql`SELECT ${list} AS list FROM tenants t WHERE ${publicTenantSql(slug)} LIMIT 1`);
  if (!row) throw ApiError.notFound("Business");
  return JSON.parse(row.list) as T[];
}

export function listPublicServices(db: Db, slug: string): Promise<PublicServiceRow[]> {
  return listOfTenant<PublicServiceRow>(
    db,
    slug,
    sql`(SELECT json_group_array(json_object('id', id, 'name', name, 'description', description,
        'durationMinutes', duration_minutes, 'price', price, 'depositPercent', deposit_percent, 'imageUrl', image_url,
        'isOnlineBookable', is_online_bookable, 'orderIndex', order_index) ORDER BY order_index, name, id)
      FROM services WHERE tenant_id = t.id AND is_active = 1 AND is_online_bookable = 1 AND deleted_at IS NULL)`,
  );
}

export function listPublicStaff(db: Db, slug: string): Promise<PublicStaffRow[]> {
  return listOfTenant<PublicStaffRow>(
    db,
    slug,
    sql`(SELECT json_group_array(json_object('id', id, 'displayName', display_name, 'title', title, 'avatarUrl', avatar_url,
        'color', color) ORDER BY order_index, display_name, id)
      FROM staff_profiles WHERE tenant_id = t.id AND is_bookable = 1 AND deleted_at IS NULL)`,
  );
}
