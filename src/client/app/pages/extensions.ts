import type { Child } from "hono/jsx";
import type { AppBusiness, OwnerMember, StaffCard, Viewer } from "../../shared/api-types";
import type { ServiceFormSection } from "./service-form-section";
import { ServiceScheduling } from "./service-scheduling";
import { ServiceVisits } from "./service-visits";
import { StaffLinks } from "./staff-links";
import { DateOverrides } from "./staff-overrides";

/**
 * Where the sections of other issues' features plug into the pages (design.md §16 scheduling,
 * §17 calendar feeds and linked members). A section is a small component module added to its
 * list, with response types taken from the server like every other (src/client/shared/api-types.ts).
 * Settings sections are pages of their own: src/shared/settings-sections.ts and
 * ./settings-registry.tsx (docs/engineering.md "Owner app").
 */

export const SERVICE_FORM_SECTIONS: ServiceFormSection[] = [ServiceScheduling, ServiceVisits];

/** Parts of a staff member's card (§16 date overrides, §17 calendar feed link and linked member). */
export type StaffSection = (p: {
  staff: StaffCard;
  members: OwnerMember[];
  business: AppBusiness;
  viewer: Viewer;
  reload: () => void;
}) => Child;
export const STAFF_SECTIONS: StaffSection[] = [DateOverrides, StaffLinks];
