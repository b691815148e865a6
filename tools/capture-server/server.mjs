// A local stand-in for third parties we cannot reach (e-mail provider, Stripe, Cloudflare's API,
// an integrator's endpoint, an AI model): records every request it receives and answers with scripted responses.
//
//   any path          -> recorded; answered by the first matching rule's next scripted response,
//                        else 200 {"id":"cap_<n>"}
//   POST /__control/rules     {pathPrefix?, bodyContains?, method?, responses:[{status, body?, delayMs?}]}
//   DELETE /__control/rules   {pathPrefix?, bodyContains?, method?} -> drops the rules with exactly that filter
//   GET  /__control/requests?pathPrefix=&bodyContains=   -> {requests:[{method,path,headers,body,at,status}]}
import { readFileSync } from "node:fs";
import http from "node:http";
import { cloudflareStandIn } from "./cloudflare.mjs";
import { stripeStandIn } from "./stripe.mjs";
import { turnstileStandIn } from "./turnstile.mjs";
import { twilioStandIn } from "./twilio.mjs";

// The stand-in for Stripe.js (served at /stripe-js/..., the tests' STRIPE_JS_URL).
const STRIPE_JS = readFileSync(new URL("./stripe-js.js", import.meta.url), "utf8");
// The stand-in for Turnstile's api.js (served at /turnstile-js/..., the tests' TURNSTILE_JS_URL).
const TURNSTILE_JS = readFileSync(new URL("./turnstile-js.js", import.meta.url), "utf8");

/** @typedef {{ pathPrefix?: string, bodyContains?: string, method?: string }} Filter */
/** @typedef {{ status: number, body?: unknown, delayMs?: number }} Scripted */
/** @typedef {Filter & { responses?: Scripted[] }} Rule */
/**
 * @typedef {{ method: string, path: string, headers: http.IncomingHttpHeaders, body: string, at: number, status: number }} Recorded
 */

/**
 * Start the capture server.
 * @param {{ host?: string, port?: number }} [options]
 * @returns {Promise<{ url: string, requests: Recorded[], close: () => Promise<void> }>}
 */
export async function startCaptureServer({ host = "127.0.0.1", port = 0 } = {}) {
  /** @type {Recorded[]} */
  const requests = [];
  /** @type {Rule[]} */
  const rules = [];
  let counter = 0;
  const stripe = stripeStandIn();
  const cloudflare = cloudflareStandIn();
  const turnstile = turnstileStandIn();
  const twilio = twilioStandIn();

  /** @param {Filter} filter @param {string} path @param {string} body @param {string} [method] */
  const matches = (filter, path, body, method) =>
    (!filter.pathPrefix || path.startsWith(filter.pathPrefix)) &&
    (!filter.bodyContains || body.includes(filter.bodyContains)) &&
    (!filter.method || !method || filter.method.toUpperCase() === method.toUpperCase());

  const server = http.createServer((req, res) => {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", async () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", "http://capture");
      /** @param {number} status @param {unknown} payload */
      const send = (status, payload) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(typeof payload === "string" ? payload : JSON.stringify(payload));
      };
      if (url.pathname === "/__control/rules" && req.method === "POST") {
        rules.push({ ...JSON.parse(body || "{}") });
        return send(200, { ok: true });
      }
      if (url.pathname === "/__control/rules" && req.method === "DELETE") {
        // A third party that comes back: its scripted failures end now, however many were left.
        /** @type {Filter} */
        const filter = JSON.parse(body || "{}");
        let removed = 0;
        for (let i = rules.length - 1; i >= 0; i--) {
          if (
            rules[i].pathPrefix === filter.pathPrefix &&
            rules[i].bodyContains === filter.bodyContains &&
            rules[i].method === filter.method
          ) {
            rules.splice(i, 1);
            removed += 1;
          }
        }
        return send(200, { removed });
      }
      if (url.pathname === "/__control/requests") {
        /** @type {Filter} */
        const filter = Object.fromEntries(url.searchParams);
        return send(200, { requests: requests.filter((r) => matches(filter, r.path, r.body, r.method)) });
      }
      if (url.pathname.startsWith("/stripe-js/") && req.method === "GET") {
        res.writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" });
        return res.end(STRIPE_JS);
      }
      if (url.pathname.startsWith("/turnstile-js/") && req.method === "GET") {
        res.writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" });
        return res.end(TURNSTILE_JS);
      }
      const at = Date.now();
      const path = url.pathname + url.search;
      const rule = rules.find((r) => r.responses?.length && matches(r, path, body, req.method));
      const scripted = rule?.responses?.shift();
      if (scripted?.delayMs) await new Promise((r) => setTimeout(r, scripted.delayMs));
      const standIn = scripted
        ? null
        : url.pathname.startsWith("/stripe/")
          ? stripe.answer(req.method ?? "GET", path.slice("/stripe".length), body, req.headers)
          : url.pathname.startsWith("/cf/")
            ? cloudflare.answer(req.method ?? "GET", path.slice("/cf".length), body)
            : url.pathname.startsWith("/twilio/")
              ? twilio.answer(req.method ?? "GET", path.slice("/twilio".length), body, req.headers)
              : url.pathname === "/turnstile/siteverify"
                ? turnstile.verify(body)
                : null;
      const status = scripted?.status ?? standIn?.status ?? 200;
      requests.push({ method: req.method ?? "GET", path, headers: req.headers, body, at, status });
      counter += 1;
      send(status, scripted?.body ?? standIn?.body ?? { id: `cap_${counter}`, object: "captured" });
    });
  });
  await new Promise((resolve) => server.listen(port, host, () => resolve(undefined)));
  const address = /** @type {import("node:net").AddressInfo} */ (server.address());
  return {
    url: `http://${host}:${address.port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
