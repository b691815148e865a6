import twilio from "twilio";
import { describe, expect, it } from "vitest";
import { parseForm, twilioSignature, verifyTwilioSignature } from "../../../src/domain/twilio-signature";

const token = "unit-twilio-token";
const url = "https://book.example.com/api/webhooks/sms";
const form = "MessageSid=SM123&From=%2B12025550143&To=%2B15005550006&Body=Y%20yes&AccountSid=AC1&Body=second";

describe("Twilio request signatures (WebCrypto, checked against Twilio's own helper)", () => {
  it("computes what twilio.getExpectedTwilioSignature computes, repeated names included", async () => {
    const params = parseForm(form);
    const object = Object.fromEntries([...params].map(([k, v]) => [k, v.length === 1 ? v[0] : v]));
    expect(await twilioSignature(token, url, params)).toBe(twilio.getExpectedTwilioSignature(token, url, object));
  });

  it("verifies a signature made by Twilio's helper, also for the URL with its default port", async () => {
    const params = parseForm("MessageSid=SM9&From=%2B447700900123&Body=STOP");
    const object = Object.fromEntries([...params].map(([k, v]) => [k, v[0]]));
    expect(await verifyTwilioSignature(token, twilio.getExpectedTwilioSignature(token, url, object), url, params)).toBe(true);
    const withPort = twilio.getExpectedTwilioSignature(token, "https://book.example.com:443/api/webhooks/sms", object);
    expect(await verifyTwilioSignature(token, withPort, url, params)).toBe(true);
  });

  it("refuses a forged, missing, malformed or other-token signature, and a changed parameter", async () => {
    const params = parseForm(form);
    const good = await twilioSignature(token, url, params);
    expect(await verifyTwilioSignature(token, good, url, parseForm(form.replace("Body=Y", "Body=N")))).toBe(false);
    expect(await verifyTwilioSignature(token, good, "https://evil.example.com/api/webhooks/sms", params)).toBe(false);
    expect(await verifyTwilioSignature("other-token", good, url, params)).toBe(false);
    expect(await verifyTwilioSignature(token, undefined, url, params)).toBe(false);
    expect(await verifyTwilioSignature(token, "not base64 at all!", url, params)).toBe(false);
    expect(await verifyTwilioSignature(token, btoa("x".repeat(20)), url, params)).toBe(false);
  });
});
