/** A member's role in a business (design.md §15): the one list every type and enum is derived from. */
export const MEMBER_ROLES = ["owner", "admin", "staff"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
