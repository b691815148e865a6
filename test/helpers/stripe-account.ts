import { uniq } from "./factories";
import { script } from "./worker-entry";

/**
 * A connected account Stripe (the capture server's stand-in) reports as made for `tenantId`
 * (`metadata.tenant_id`, what our onboarding stamps; design.md §31): the only kind of account a
 * business may paste. The stand-in answers the next `answers` reads of it that way.
 */
export async function stripeAccountFor(tenantId: string, opts: { answers?: number; chargesEnabled?: boolean } = {}) {
  const id = `acct_${uniq()}${uniq()}`;
  const body = {
    id,
    object: "account",
    charges_enabled: opts.chargesEnabled ?? true,
    details_submitted: true,
    metadata: { tenant_id: tenantId },
  };
  await script(
    { pathPrefix: `/stripe/v1/accounts/${id}` },
    Array.from({ length: opts.answers ?? 3 }, () => ({ status: 200, body })),
  );
  return id;
}
