import { z } from "@hono/zod-openapi";
import { type Config, cloudflareSettings } from "../../config";
import { dnsRecordsFor, effectiveStatus } from "../../domain/custom-hostname";
import type { OwnerEnv } from "../../env";
import { ApiError } from "../../errors";
import { requireRole } from "../../middleware/auth";
import { checkDomainNow } from "../../services/domains/refresh";
import type { BusinessRow } from "../../services/owner/businesses";
import { openApiRouter, routeGroup, security } from "../openapi";

/** One DNS record the owner adds at their DNS provider. */
const DnsRecord = z.object({
  type: z.string().openapi({ example: "CNAME", description: "CNAME or TXT" }),
  name: z.string(),
  value: z.string(),
});

/**
 * design.md §23: where the business's own domain stands. `dnsRecords`: the CNAME to the platform
 * plus the TXT records Cloudflare asks for, always its ownership verification record.
 */
export const CustomDomainStatus = z
  .object({
    hostname: z.string(),
    status: z.enum(["pending", "active", "failed"]).openapi({ description: "The domain shows the booking page only while active" }),
    sslStatus: z.string().nullable().openapi({ description: "Cloudflare's certificate status, e.g. pending_validation or active" }),
    dnsRecords: z.array(DnsRecord),
    checkedAt: z.string().nullable().openapi({ description: "When Cloudflare was last asked" }),
  })
  .openapi("CustomDomainStatus");

export type DomainRow = Pick<
  BusinessRow,
  "customDomain" | "customDomainStatus" | "customDomainSslStatus" | "customDomainRecords" | "customDomainCheckedAt"
>;

export function toCustomDomainStatus(t: DomainRow, config: Config): z.infer<typeof CustomDomainStatus> | null {
  if (!t.customDomain) return null;
  const cf = cloudflareSettings(config);
  const status = effectiveStatus(t.customDomainStatus, cf !== null);
  return {
    hostname: t.customDomain,
    status,
    sslStatus: t.customDomainSslStatus ?? null,
    // A failed domain's verification record died with its hostname; saving it again makes new ones.
    dnsRecords: dnsRecordsFor(t.customDomain, config.CUSTOM_DOMAIN_TARGET ?? null, status === "failed" ? [] : t.customDomainRecords),
    checkedAt: t.customDomainCheckedAt ?? null,
  };
}

const route = routeGroup({ tags: ["Business"], security: security.owner });
const check = route.post("/check", "Asks Cloudflare about the business's custom domain now (owner/admin)", {
  description:
    "A pending domain is re-read at Cloudflare at once (the cron does so every 5 minutes); an active or failed one is answered as " +
    "stored. 404 when no custom domain is set; 502 domain_provider_error when Cloudflare refuses or cannot be reached (nothing changes).",
  middleware: [requireRole("owner", "admin")],
  ok: CustomDomainStatus,
  errors: [401, 403, 404, 502],
});

/** /api/businesses/me/custom-domain (owner token; requireOwner applied in ./index.ts). */
export const customDomainRoutes = openApiRouter<OwnerEnv>().openapi(check, async (c) => {
  const row = await checkDomainNow(c.var.services, c.var.auth.tenantId);
  const data = toCustomDomainStatus(row, c.var.services.config);
  // checkDomainNow answers only for a business with a domain; a domain cleared meanwhile is gone.
  if (!data) throw new ApiError("not_found", "No custom domain is set");
  return c.json({ data }, 200);
});
