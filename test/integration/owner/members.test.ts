import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { countDbRequests, del, get, patch, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createMember, createTenant, uniq } from "../../helpers/factories";
import { asSent } from "../../helpers/mail";
import { outboxRows } from "../../helpers/outbox";

const MEMBERS = "/api/businesses/me/members";

async function memberAudit(tenantId: string) {
  return testDb()
    .select()
    .from(schema.auditLog)
    .where(sql`target_id = ${tenantId} AND action LIKE 'tenant.member_%' AND action <> 'tenant.member_added'`);
}

/** The invitation e-mail to `email` and the token of its link. */
async function invitation(email: string) {
  const rows = await outboxRows(testDb(), email.toLowerCase(), "member.invite");
  expect(rows).toHaveLength(1);
  const text = (await asSent(rows[0])).text;
  return { mail: rows[0], text, token: /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)![1] };
}

/** Adds a member the way a business does: the invite, then the member sets their own password from the e-mailed link. */
async function addAndAccept(ownerToken: string, body: Record<string, unknown>, password: string) {
  const added = await post(MEMBERS, body, { token: ownerToken });
  expect(added.status).toBe(201);
  const { token } = await invitation(body.email as string);
  expect((await post("/api/auth/reset-password", { token, password })).status).toBe(200);
  return added;
}

async function membership(tenantId: string, userId: string) {
  const [row] = await testDb().select().from(schema.tenantMembers).where(sql`tenant_id = ${tenantId} AND user_id = ${userId}`);
  return row;
}

describe("business members", () => {
  it("lists members with their membership role and adds a staff member who can then sign in", async () => {
    const tenant = await createTenant();
    const list = await get(MEMBERS, { token: tenant.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      {
        id: tenant.ownerId,
        email: tenant.ownerEmail,
        firstName: "Olive",
        lastName: "Owner",
        role: "owner",
        isActive: true,
        locale: null,
        createdAt: expect.any(String),
      },
    ]);

    const email = `New.Hire-${uniq()}@Example.test`;
    const { result: added, dbRequests } = await countDbRequests((dbTag) =>
      post(MEMBERS, { email, firstName: "Nia", role: "staff" }, { token: tenant.token, dbTag }),
    );
    expect(added.status).toBe(201);
    expect(dbRequests).toBe(3); // membership check + names for the e-mail + one batch (user, membership, audit, link, e-mail)
    expect(added.body.data).toEqual({
      id: expect.any(String),
      email: email.toLowerCase(),
      firstName: "Nia",
      lastName: "",
      role: "staff",
      isActive: true,
      locale: null,
      createdAt: expect.any(String),
    });
    expect(added.text).not.toMatch(/pbkdf2|password/i);
    expect((await get(MEMBERS, { token: tenant.token })).body.data.map((m: { role: string }) => m.role)).toEqual(["owner", "staff"]);

    // The new member is e-mailed a link to choose their own password; until then no password signs in.
    const { mail, text, token: link } = await invitation(email);
    expect(mail.subject).toBe(`You have been added to Business ${tenant.slug}`);
    expect(text).toContain("Olive Owner added you");
    expect(text).toContain("http://127.0.0.1:8787/reset-password?token=");
    const [user] = await testDb().select().from(schema.users).where(sql`id = ${added.body.data.id}`);
    expect(user.passwordHash).not.toMatch(/^pbkdf2/);
    expect((await post("/api/auth/login", { email, password: "" })).status).toBe(400);
    expect((await post("/api/auth/login", { email, password: "unset$invited" })).status).toBe(401);
    expect((await post("/api/auth/reset-password", { token: link, password: "s3cret-pass" })).status).toBe(200);

    const login = await post("/api/auth/login", { email, password: "s3cret-pass" });
    expect(login.status).toBe(200);
    expect(login.body.data.memberships).toEqual([expect.objectContaining({ tenantId: tenant.id, role: "staff" })]);
    const token = login.body.data.token;
    expect((await get("/api/bookings", { token })).status).toBe(200);
    expect((await patch("/api/businesses/me", { city: "X" }, { token })).status).toBe(403);

    const audit = await testDb().select().from(schema.auditLog).where(sql`target_id = ${tenant.id} AND action = 'tenant.member_added'`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorType: "user", actorId: tenant.ownerId, metadata: { userId: added.body.data.id, role: "staff" } });
  });

  it("answers 409 email_taken for an existing account and writes nothing", async () => {
    const a = await createTenant();
    const b = await createTenant();
    const res = await post(MEMBERS, { email: a.ownerEmail.toUpperCase(), firstName: "Dup", role: "admin" }, { token: b.token });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("email_taken");
    expect((await get(MEMBERS, { token: b.token })).body.data).toHaveLength(1);
  });

  it("validates per field, never takes a password for someone else, and refuses staff", async () => {
    const tenant = await createTenant();
    const bad = await post(MEMBERS, { email: "nope", password: "short", firstName: "", role: "owner" }, { token: tenant.token });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.details.fieldErrors).sort()).toEqual(["email", "firstName", "password", "role"]);
    expect(bad.body.error.details.fieldErrors.password).toEqual(["Unknown field"]);
    const withPassword = await post(
      MEMBERS,
      { email: `p-${uniq()}@example.test`, password: "chosen-by-boss", firstName: "P", role: "staff" },
      { token: tenant.token },
    );
    expect(withPassword.status).toBe(400);
    const staff = await createMember(tenant.id, "staff");
    expect((await get(MEMBERS, { token: staff.token })).status).toBe(200);
    const refused = await post(MEMBERS, { email: `x-${uniq()}@example.test`, firstName: "X", role: "admin" }, { token: staff.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("forbidden");
  });

  it("the invitation link lasts 7 days and is single use; after that the member asks for a reset link like anyone", async () => {
    const tenant = await createTenant();
    const email = `late-joiner-${uniq()}@example.test`;
    // The owner's token is valid now; the link's clock runs from the invitation.
    const invitedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    const sinceInvite = (ms: number) => new Date(invitedAt.getTime() + ms).toISOString();
    expect((await post(MEMBERS, { email, firstName: "Kai", role: "admin" }, { token: tenant.token, now: invitedAt })).status).toBe(201);
    const { token } = await invitation(email);
    const late = await post("/api/auth/reset-password", { token, password: "too late 123" }, { now: sinceInvite(7 * 86_400_000) });
    expect(late.status).toBe(400);
    expect(
      (await post("/api/auth/reset-password", { token, password: "just in time 1" }, { now: sinceInvite(7 * 86_400_000 - 60_000) })).status,
    ).toBe(200);
    expect(
      (await post("/api/auth/reset-password", { token, password: "twice 123456" }, { now: sinceInvite(7 * 86_400_000 - 30_000) })).status,
    ).toBe(400);
    expect((await post("/api/auth/forgot-password", { email })).status).toBe(200);
    const resets = await outboxRows(testDb(), email, "user.password_reset");
    expect(resets).toHaveLength(1);
  });

  it("shows only the caller's own business's members", async () => {
    const a = await createTenant();
    const b = await createTenant();
    await createMember(a.id, "admin");
    const list = await get(MEMBERS, { token: b.token });
    expect(list.body.data.map((m: { id: string }) => m.id)).toEqual([b.ownerId]);
  });
});

describe("changing and removing members", () => {
  it("removes a member: their token stops working at once, sign-in no longer offers the business, and PATCH isActive brings them back", async () => {
    const tenant = await createTenant();
    const email = `leaver-${uniq()}@example.test`;
    const added = await addAndAccept(tenant.token, { email, firstName: "Lee", role: "staff" }, "s3cret-pass");
    const memberId = added.body.data.id;
    const memberToken = (await post("/api/auth/login", { email, password: "s3cret-pass" })).body.data.token;
    expect((await get("/api/bookings", { token: memberToken })).status).toBe(200);

    const { result: removed, dbRequests } = await countDbRequests((dbTag) => del(`${MEMBERS}/${memberId}`, { token: tenant.token, dbTag }));
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ id: memberId, role: "staff", isActive: false });
    expect(dbRequests).toBe(3); // membership check + read + one batch (update, audit)

    const refused = await get("/api/bookings", { token: memberToken });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: "tenant required" });
    const login = await post("/api/auth/login", { email, password: "s3cret-pass" });
    expect(login.body.data?.memberships ?? []).toEqual([]);
    const listed = (await get(MEMBERS, { token: tenant.token })).body.data.find((m: { id: string }) => m.id === memberId);
    expect(listed.isActive).toBe(false);

    // Removing again changes nothing and records nothing.
    expect((await del(`${MEMBERS}/${memberId}`, { token: tenant.token })).body.data.isActive).toBe(false);

    const back = await patch(`${MEMBERS}/${memberId}`, { isActive: true }, { token: tenant.token });
    expect(back.status).toBe(200);
    expect(back.body.data.isActive).toBe(true);
    expect((await get("/api/bookings", { token: memberToken })).status).toBe(200);

    const audit = await memberAudit(tenant.id);
    expect(audit.map((r) => r.action).sort()).toEqual(["tenant.member_deactivated", "tenant.member_reactivated"]);
    expect(audit.find((r) => r.action === "tenant.member_deactivated")).toMatchObject({
      actorType: "user",
      actorId: tenant.ownerId,
      diff: { isActive: { before: true, after: false } },
      metadata: { userId: memberId },
    });
  });

  it("changes a member's role, which their next request obeys", async () => {
    const tenant = await createTenant();
    const staff = await createMember(tenant.id, "staff");
    expect((await patch("/api/businesses/me", { city: "Lisbon" }, { token: staff.token })).status).toBe(403);

    const res = await patch(`${MEMBERS}/${staff.userId}`, { role: "admin" }, { token: tenant.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: staff.userId, role: "admin", isActive: true });
    // The token still says staff; the membership decides.
    expect((await patch("/api/businesses/me", { city: "Lisbon" }, { token: staff.token })).status).toBe(200);
    const [row] = await memberAudit(tenant.id);
    expect(row).toMatchObject({ action: "tenant.member_role_changed", diff: { role: { before: "staff", after: "admin" } } });
  });

  it("lets an admin manage colleagues but never the owner or themselves, and staff nobody", async () => {
    const tenant = await createTenant();
    const admin = await createMember(tenant.id, "admin");
    const staff = await createMember(tenant.id, "staff");

    const owner = await del(`${MEMBERS}/${tenant.ownerId}`, { token: admin.token });
    expect(owner.status).toBe(403);
    expect(owner.body.error.code).toBe("forbidden");
    const self = await patch(`${MEMBERS}/${admin.userId}`, { role: "staff" }, { token: admin.token });
    expect(self.status).toBe(409);
    expect(self.body.error.code).toBe("conflict");
    const byStaff = await del(`${MEMBERS}/${admin.userId}`, { token: staff.token });
    expect(byStaff.status).toBe(403);
    expect(byStaff.body.error.code).toBe("forbidden");

    expect(await membership(tenant.id, tenant.ownerId)).toMatchObject({ role: "owner", isActive: true });
    expect(await membership(tenant.id, admin.userId)).toMatchObject({ role: "admin", isActive: true });
    expect(await memberAudit(tenant.id)).toEqual([]);

    expect((await del(`${MEMBERS}/${staff.userId}`, { token: admin.token })).status).toBe(200);
    expect(await membership(tenant.id, staff.userId)).toMatchObject({ isActive: false });
  });

  it("answers 404 for another business's member and for unknown ids, changing nothing", async () => {
    const a = await createTenant();
    const b = await createTenant();
    const theirs = await createMember(a.id, "staff");
    for (const res of [
      await del(`${MEMBERS}/${theirs.userId}`, { token: b.token }),
      await patch(`${MEMBERS}/${theirs.userId}`, { role: "admin" }, { token: b.token }),
      await del(`${MEMBERS}/usr_nobody`, { token: b.token }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    expect(await membership(a.id, theirs.userId)).toMatchObject({ role: "staff", isActive: true });
    expect(await memberAudit(a.id)).toEqual([]);
    expect(await memberAudit(b.id)).toEqual([]);
  });

  it("refuses an empty or unknown change and the owner role", async () => {
    const tenant = await createTenant();
    const staff = await createMember(tenant.id, "staff");
    for (const body of [{}, { role: "owner" }, { isActive: "no" }, { email: "x@example.test" }]) {
      const res = await patch(`${MEMBERS}/${staff.userId}`, body, { token: tenant.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("invalid_request");
    }
    expect(await membership(tenant.id, staff.userId)).toMatchObject({ role: "staff", isActive: true });
  });

  it("records one removal when two arrive at once", async () => {
    const tenant = await createTenant();
    const staff = await createMember(tenant.id, "staff");
    const results = await Promise.all(Array.from({ length: 6 }, () => del(`${MEMBERS}/${staff.userId}`, { token: tenant.token })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(results.every((r) => r.body.data.isActive === false)).toBe(true);
    expect((await memberAudit(tenant.id)).map((r) => r.action)).toEqual(["tenant.member_deactivated"]);
  });
});
