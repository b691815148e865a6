import type { Child } from "hono/jsx";
import type { AppBusiness, OwnerService, SettingsView, StaffWithHours, Viewer } from "../../shared/api-types";

/**
 * Where the sections of features whose API is still being built plug into the pages (design.md
 * §16 scheduling, §17 calendar feeds, §19 API keys, §21 Stripe onboarding and refunds). Each list
 * is empty until its API lands; a section is a small component module added to its list, with
 * response types taken from the server like every other (src/client/shared/api-types.ts).
 */

/** Fields a service form gains (§16: buffers before/after, who performs it). `extra` is sent in the body as is. */
export type ServiceFormSection = (p: {
  service: OwnerService | null;
  staff: Array<{ id: string; displayName: string }>;
  extra: Record<string, unknown>;
  setExtra: (patch: Record<string, unknown>) => void;
  errors: Record<string, string>;
}) => Child;
export const SERVICE_FORM_SECTIONS: ServiceFormSection[] = [];

/** Parts of a staff member's card (§16 date overrides, §17 calendar feed link). */
export type StaffSection = (p: { staff: StaffWithHours; business: AppBusiness; viewer: Viewer }) => Child;
export const STAFF_SECTIONS: StaffSection[] = [];

/** Settings panels (§16 booking rules and closures, §19 API keys, §21 Stripe onboarding). */
export type SettingsSection = (p: { view: SettingsView; reload: () => void }) => Child;
export const SETTINGS_SECTIONS: SettingsSection[] = [];
