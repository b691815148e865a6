import { Hono } from "hono";
import { z } from "zod";
import type { OwnerEnv } from "../../env";
import { linkBase } from "../../lib/links";
import { validate } from "../../lib/validate";
import { membersOnly, requireRole } from "../../middleware/auth";
import { addMember, changeMember, listMembers, type MemberRow } from "../../services/owner/members";
import { enqueueEmails } from "../../services/outbox";
import { emailField, firstNameField, idParam, lastNameField, NOT_EMPTY, notEmpty } from "../fields";

const roleField = z.enum(["admin", "staff"], { error: "Use admin or staff" });

const memberBody = z
  .object({
    email: emailField,
    firstName: firstNameField,
    lastName: lastNameField.optional(),
    role: roleField,
  })
  .strict();

const changeBody = z
  .object({ role: roleField, isActive: z.boolean({ error: "Use true or false" }) })
  .partial()
  .strict()
  .refine(notEmpty, NOT_EMPTY);

export function toMember(m: MemberRow) {
  return {
    id: m.userId,
    email: m.email,
    firstName: m.firstName,
    lastName: m.lastName,
    role: m.role,
    isActive: Boolean(m.isActive),
    createdAt: m.createdAt,
  };
}

const writers = requireRole("owner", "admin");

/** /api/businesses/me/members (owner token; requireOwner applied in ./index.ts). */
/** A member is addressed by their user id (`:id`), as the list shows it. */
export const memberRoutes = new Hono<OwnerEnv>()
  .use("*", membersOnly)
  .get("/", async (c) => c.json({ data: (await listMembers(c.var.db, c.var.auth.tenantId)).map(toMember) }))
  .post("/", writers, validate("json", memberBody), async (c) => {
    const auth = c.var.auth;
    const b = c.req.valid("json");
    const { member, emailId } = await addMember(
      c.var.db,
      { userId: auth.userId, tenantId: auth.tenantId },
      { email: b.email, firstName: b.firstName, lastName: b.lastName ?? "", role: b.role },
      c.var.now,
      { base: linkBase(c.var.config) },
    );
    c.executionCtx.waitUntil(enqueueEmails(c.env, [emailId]));
    return c.json({ data: toMember(member) }, 201);
  })
  .patch("/:id", writers, validate("param", idParam), validate("json", changeBody), async (c) => {
    const auth = c.var.auth;
    const member = await changeMember(c.var.db, auth, c.req.valid("param").id, c.req.valid("json"), c.var.now);
    return c.json({ data: toMember(member) });
  })
  // Removing a member deactivates the membership (see changeMember); PATCH isActive: true undoes it.
  .delete("/:id", writers, validate("param", idParam), async (c) => {
    const auth = c.var.auth;
    const member = await changeMember(c.var.db, auth, c.req.valid("param").id, { isActive: false }, c.var.now);
    return c.json({ data: toMember(member) });
  });
