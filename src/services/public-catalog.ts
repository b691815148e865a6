import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { ApiError } from "../errors";
import { tenantIdQuery, tenantIdSql } from "./bookings/scope";

/**
 * The public catalog of a tenant, one libSQL round trip each: the tenant row and the list in one
 * batch, the list keyed by the slug subquery (no tenant read first). Unknown, inactive or
 * suspended tenant: 404 not_found.
 */

// What the public catalog shows (interface.md), as SQL templates like the other public reads
// (docs/benchmarks.md): flags come back as 0/1.
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

export async function listPublicServices(db: Db, slug: string): Promise<PublicServiceRow[]> {
  const scope = { kind: "public", slug } as const;
  const [tenant, rows] = await db.batch([
    tenantIdQuery(db, scope),
    db.all<PublicServiceRow>(sql`
      SELECT id, name, description, duration_minutes AS durationMinutes, price, deposit_percent AS depositPercent,
             image_url AS imageUrl, is_online_bookable AS isOnlineBookable, order_index AS orderIndex
      FROM services
      WHERE tenant_id = ${tenantIdSql(scope)} AND is_active = 1 AND is_online_bookable = 1 AND deleted_at IS NULL
      ORDER BY order_index, name, id`),
  ]);
  if (!tenant[0]) throw ApiError.notFound("Business");
  return rows;
}

export async function listPublicStaff(db: Db, slug: string): Promise<PublicStaffRow[]> {
  const scope = { kind: "public", slug } as const;
  const [tenant, rows] = await db.batch([
    tenantIdQuery(db, scope),
    db.all<PublicStaffRow>(sql`
      SELECT id, display_name AS displayName, title, avatar_url AS avatarUrl, color
      FROM staff_profiles
      WHERE tenant_id = ${tenantIdSql(scope)} AND is_bookable = 1 AND deleted_at IS NULL
      ORDER BY order_index, display_name, id`),
  ]);
  if (!tenant[0]) throw ApiError.notFound("Business");
  return rows;
}
