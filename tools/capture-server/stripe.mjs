// Default answers for Stripe's REST API (paths under /stripe/), shaped like Stripe's objects so
// the Worker's small client can be exercised without scripting every call. Tests still script
// refusals and timeouts with rules (they win over these defaults). Like Stripe, a POST repeated
// with the same Idempotency-Key (on the same account) gets the first answer back.
//
//   POST /v1/accounts                     -> acct_cap<n>, charges not enabled yet
//   POST /v1/account_links                -> { url }
//   GET  /v1/accounts/:id                 -> that account, charges enabled, details submitted; its
//                                            metadata as made here ({} for an account it did not make)
//   POST /v1/payment_intents              -> pi_cap<n> with a client secret; with confirm=true
//                                            (off-session fee) succeeded, or 402 card_declined
//                                            when payment_method contains "declined"
//   POST /v1/payment_intents/:id/cancel   -> status canceled
//   POST /v1/customers                    -> cus_cap<n>
//   POST /v1/setup_intents                -> seti_cap<n> with a client secret
//   POST /v1/refunds                      -> re_cap<n>, status succeeded

/** @typedef {{ status: number, body: unknown }} Answer */

export function stripeStandIn() {
  /** @type {Map<string, Answer>} */
  const replays = new Map();
  /** The metadata of the accounts made here (design.md §31: GET reports it, like Stripe). @type {Map<string, Record<string, string>>} */
  const accounts = new Map();
  let n = 0;

  /**
   * @param {string} method
   * @param {string} path the path after /stripe (query included)
   * @param {string} rawBody
   * @param {import("node:http").IncomingHttpHeaders} headers
   * @returns {Answer}
   */
  function fresh(method, path, rawBody, headers) {
    n += 1;
    const f = Object.fromEntries(new URLSearchParams(rawBody));
    const account = typeof headers["stripe-account"] === "string" ? headers["stripe-account"] : null;
    const p = path.split("?")[0];
    if (method === "POST" && p === "/v1/accounts") {
      const metadata = Object.fromEntries(
        Object.entries(f)
          .filter(([k]) => k.startsWith("metadata[") && k.endsWith("]"))
          .map(([k, v]) => [k.slice("metadata[".length, -1), v]),
      );
      accounts.set(`acct_cap${n}`, metadata);
      return {
        status: 200,
        body: { id: `acct_cap${n}`, object: "account", type: f.type, charges_enabled: false, details_submitted: false, metadata },
      };
    }
    if (method === "POST" && p === "/v1/account_links") {
      return {
        status: 200,
        body: { object: "account_link", url: `https://connect.stripe.com/setup/e/${f.account}/cap${n}`, expires_at: 0 },
      };
    }
    const accountMatch = /^\/v1\/accounts\/(acct_[A-Za-z0-9]+)$/.exec(p);
    if (method === "GET" && accountMatch) {
      const metadata = accounts.get(accountMatch[1]) ?? {};
      return { status: 200, body: { id: accountMatch[1], object: "account", charges_enabled: true, details_submitted: true, metadata } };
    }
    if (method === "POST" && p === "/v1/payment_intents") {
      const id = `pi_cap${n}`;
      const base = { id, object: "payment_intent", amount: Number(f.amount), currency: f.currency, customer: f.customer ?? null };
      if (f.confirm === "true") {
        if ((f.payment_method ?? "").includes("declined")) {
          return {
            status: 402,
            body: {
              error: {
                type: "card_error",
                code: "card_declined",
                decline_code: "generic_decline",
                message: "Your card was declined.",
                payment_intent: { ...base, status: "requires_payment_method" },
              },
            },
          };
        }
        return { status: 200, body: { ...base, status: "succeeded", payment_method: f.payment_method } };
      }
      return { status: 200, body: { ...base, client_secret: `${id}_secret_cap${n}`, status: "requires_payment_method" } };
    }
    const cancelMatch = /^\/v1\/(payment_intents|setup_intents)\/([A-Za-z0-9_]+)\/cancel$/.exec(p);
    if (method === "POST" && cancelMatch) {
      return { status: 200, body: { id: cancelMatch[2], object: cancelMatch[1].slice(0, -1), status: "canceled" } };
    }
    if (method === "POST" && p === "/v1/customers") {
      return { status: 200, body: { id: `cus_cap${n}`, object: "customer", email: f.email ?? null } };
    }
    if (method === "POST" && p === "/v1/setup_intents") {
      const id = `seti_cap${n}`;
      return {
        status: 200,
        body: { id, object: "setup_intent", client_secret: `${id}_secret_cap${n}`, status: "requires_payment_method" },
      };
    }
    if (method === "POST" && p === "/v1/refunds") {
      return {
        status: 200,
        body: {
          id: `re_cap${n}`,
          object: "refund",
          status: "succeeded",
          amount: Number(f.amount),
          payment_intent: f.payment_intent,
          account,
        },
      };
    }
    return { status: 200, body: { id: `cap_${n}`, object: "captured" } };
  }

  return {
    /**
     * @param {string} method
     * @param {string} path
     * @param {string} rawBody
     * @param {import("node:http").IncomingHttpHeaders} headers
     * @returns {Answer}
     */
    answer(method, path, rawBody, headers) {
      const key = headers["idempotency-key"];
      const replayKey = method === "POST" && typeof key === "string" ? `${headers["stripe-account"] ?? ""}|${key}` : null;
      const hit = replayKey ? replays.get(replayKey) : undefined;
      if (hit) return hit;
      const answer = fresh(method, path, rawBody, headers);
      if (replayKey && answer.status < 300) replays.set(replayKey, answer);
      return answer;
    },
  };
}
