import { createRoute as create, z } from "@hono/zod-openapi";
import { smsConfig } from "../../config";
import { parseForm, verifyTwilioSignature } from "../../domain/twilio-signature";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { linkBase } from "../../lib/links";
import { receiveText } from "../../services/sms/inbound";
import { errors, ok, openApiRouter, security } from "../openapi";

// The body is documented, not validated by the router: the signature covers the form exactly as
// Twilio sent it, so the handler reads the raw text itself (`create`, not the project's
// createRoute, whose JSON-only body rule would drop a form body).
const sms = create({
  method: "post",
  path: "/sms",
  tags: ["Inbound webhooks"],
  summary: "A customer's text to the platform's number, from Twilio (X-Twilio-Signature verified); idempotent by MessageSid",
  description:
    "Answers 404 while text messages are not configured. Y/N reply to the latest reminder of the last 48 hours, STOP and Twilio's " +
    "other opt-out words stop every text to the number, START opts back in (design.md §27).",
  security: security.none,
  request: {
    headers: z.object({ "x-twilio-signature": z.string().optional() }),
    body: {
      required: true,
      content: {
        "application/x-www-form-urlencoded": {
          schema: {
            type: "object",
            required: ["MessageSid", "From", "Body"],
            properties: { MessageSid: { type: "string" }, From: { type: "string" }, To: { type: "string" }, Body: { type: "string" } },
          },
        },
      },
    },
  },
  responses: { 200: ok(z.object({ received: z.literal(true) })), ...errors(400, 403, 404, 429) },
});

/**
 * POST /api/webhooks/sms. The signature is checked first, against the public URL Twilio was given
 * (PUBLIC_BASE_URL + the path, never the request's Host) and the form as sent: a request that is
 * not Twilio's changes nothing (403).
 */
export const smsWebhookRoute = openApiRouter<AppEnv>().openapi(sms, async (c) => {
  const cfg = smsConfig(c.var.services.config);
  if (!cfg) throw new ApiError("not_found", "Route not found");
  // Bytes, decoded as UTF-8 (Twilio's charset): .text() on a form body makes workerd warn of corruption.
  const raw = new TextDecoder().decode(await c.req.arrayBuffer());
  const params = parseForm(raw);
  const requested = new URL(c.req.url);
  const url = `${linkBase(c.var.services.config)}${requested.pathname}${requested.search}`;
  if (!(await verifyTwilioSignature(cfg.authToken, c.req.header("X-Twilio-Signature"), url, params))) {
    throw new ApiError("forbidden", "The X-Twilio-Signature header does not match this request");
  }
  const one = (name: string) => params.get(name)?.[0];
  const messageSid = one("MessageSid") ?? one("SmsSid");
  const from = one("From");
  if (!messageSid) throw ApiError.field("MessageSid", "Required");
  if (!from) throw ApiError.field("From", "Required");
  // Signed with our token, so it is our account's; another account's text is none of ours.
  const account = one("AccountSid");
  if (!account || account === cfg.accountSid) await receiveText(c.var.services, { messageSid, from, body: one("Body") ?? "" });
  return c.json({ data: { received: true as const } }, 200);
});
