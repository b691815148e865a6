import type { Child } from "hono/jsx";
import type { OwnerService } from "../../shared/api-types";

// Its own file so a section (service-scheduling.tsx) and the list of sections (extensions.ts) both import it downward.

/**
 * Fields a service form gains (§16: buffers before/after, who performs it). `extra` holds only
 * what the user changed and is sent in the body as is, after `check` (field errors, keyed like the
 * API's) finds nothing wrong with it.
 */
export type ServiceFormSection = {
  Fields: (p: {
    service: OwnerService | null;
    staff: Array<{ id: string; displayName: string; isBookable: boolean }>;
    extra: Record<string, unknown>;
    setExtra: (patch: Record<string, unknown>) => void;
    errors: Record<string, string>;
  }) => Child;
  /** `form`: the service as stored (null for a new one) and the length typed in the form. */
  check?: (extra: Record<string, unknown>, form: { service: OwnerService | null; durationMinutes: number }) => Record<string, string>;
};
