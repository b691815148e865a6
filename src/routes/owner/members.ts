import { z } from "@hono/zod-openapi";
import type { OwnerEnv } from "../../env";
import { membersOnly, requireRole } from "../../middleware/auth";
import { addMember, changeMember, listMembers, type MemberRow, setOwnLocale } from "../../services/owner/members";
import { SUPPORTED_LOCALES } from "../../shared/i18n/locales";
import { MEMBER_ROLES } from "../../shared/member-roles";
import { emailField, firstNameField, idParam, lastNameField, localeField, NOT_EMPTY, notEmpty } from "../fields";
import { openApiRouter, routeGroup, security } from "../openapi";

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

// design.md §30: a member's own language; null goes back to the business's.
const ownBody = z.object({ locale: localeField.nullable() }).strict();

export const Member = z
  .object({
    id: z.string().openapi({ description: "The member's user id" }),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: z.enum(MEMBER_ROLES).openapi({ description: "The membership's role in this business" }),
    isActive: z.boolean(),
    locale: z
      .enum(SUPPORTED_LOCALES)
      .nullable()
      .openapi({ description: "The member's own language (design.md §30); null = the business's" }),
    createdAt: z.string().openapi({ description: "When they joined this business" }),
  })
  .openapi("Member");

export function toMember(m: MemberRow): z.infer<typeof Member> {
  return {
    id: m.userId,
    email: m.email,
    firstName: m.firstName,
    lastName: m.lastName,
    role: m.role,
    isActive: Boolean(m.isActive),
    locale: m.locale ?? null,
    createdAt: m.createdAt,
  };
}

const writers = requireRole("owner", "admin");
const tags = ["Members"];

const route = routeGroup({ tags, security: security.member });
const list = route.get("/", "Every membership of the business (inactive ones too), oldest first", {
  middleware: [membersOnly],
  ok: z.array(Member),
  errors: [401, 403],
});
const add = route.post("/", "A new member account; the member is e-mailed a link to choose a password", {
  middleware: [membersOnly, writers],
  body: memberBody,
  created: Member,
  errors: [400, 401, 403, 409],
});
const own = route.patch("/me", "Sets the caller's own language for the owner app and the notices they get (design.md §30)", {
  middleware: [membersOnly],
  body: ownBody,
  ok: Member,
  errors: [400, 401, 403, 404],
});
const change = route.patch("/{id}", "Changes a member's role or active flag (audited; never the owner's, never your own)", {
  middleware: [membersOnly, writers],
  params: idParam,
  body: changeBody,
  ok: Member,
  errors: [400, 401, 403, 404, 409],
});
const remove = route.delete("/{id}", "Deactivates the membership (PATCH isActive: true undoes it)", {
  middleware: [membersOnly, writers],
  params: idParam,
  ok: Member,
  errors: [400, 401, 403, 404, 409],
});

/** /api/businesses/me/members (member tokens; requireOwner applied in ./index.ts). A member is addressed by their user id. */
export const memberRoutes = openApiRouter<OwnerEnv>()
  .openapi(list, async (c) => c.json({ data: (await listMembers(c.var.services.db, c.var.auth.tenantId)).map(toMember) }, 200))
  .openapi(add, async (c) => {
    const auth = c.var.auth;
    const b = c.req.valid("json");
    const member = await addMember(
      c.var.services,
      { userId: auth.userId, tenantId: auth.tenantId },
      { email: b.email, firstName: b.firstName, lastName: b.lastName ?? "", role: b.role },
    );
    return c.json({ data: toMember(member) }, 201);
  })
  // Before /{id}: "me" is the caller, and no member's id looks like it.
  .openapi(own, async (c) => {
    const auth = c.var.auth;
    const member = await setOwnLocale(c.var.services.db, auth, c.req.valid("json").locale);
    return c.json({ data: toMember(member) }, 200);
  })
  .openapi(change, async (c) => {
    const member = await changeMember(c.var.services.db, c.var.auth, c.req.valid("param").id, c.req.valid("json"), c.var.services.now);
    return c.json({ data: toMember(member) }, 200);
  })
  // Removing a member deactivates the membership (see changeMember); PATCH isActive: true undoes it.
  .openapi(remove, async (c) => {
    const member = await changeMember(c.var.services.db, c.var.auth, c.req.valid("param").id, { isActive: false }, c.var.services.now);
    return c.json({ data: toMember(member) }, 200);
  });
