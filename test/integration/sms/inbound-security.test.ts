import { describe, expect, it } from "vitest";
import { fetchWithEnv } from "../../helpers/worker-fetch";
import { incomingText, optedOut, textRecords, textsTo, uniquePhone } from "./support";

const TEXTS_OFF = { TWILIO_ACCOUNT_SID: "", TWILIO_AUTH_TOKEN: "", SMS_FROM: "" };

describe("POST /api/webhooks/sms: only Twilio's requests count (design.md §27)", () => {
  it("refuses a forged signature with 403 and changes nothing", async () => {
    const phone = uniquePhone();
    const forged = await incomingText({ From: phone, Body: "STOP" }, { token: "not-our-auth-token" });
    expect(forged.res.status).toBe(403);
    expect(forged.res.body).toEqual({ error: { code: "forbidden", message: "The X-Twilio-Signature header does not match this request" } });
    const unsigned = await incomingText({ From: phone, Body: "STOP" }, { signature: "" });
    expect(unsigned.res.status).toBe(403);
    expect(await optedOut(phone)).toBe(false);
    expect(await textRecords(phone)).toEqual([]);
  });

  it("refuses a signature of other parameters: a changed body is not the text Twilio signed", async () => {
    const phone = uniquePhone();
    const signed = await incomingText({ From: phone, Body: "hello" });
    expect(signed.res.status).toBe(200);
    const replayed = await incomingText(
      { From: phone, Body: "STOP", MessageSid: `${signed.messageSid}x` },
      { signature: signed.signature },
    );
    expect(replayed.res.status).toBe(403);
    expect(await optedOut(phone)).toBe(false);
  });

  it("is not there while texts are not configured", async () => {
    const res = await fetchWithEnv(TEXTS_OFF, "POST", "/api/webhooks/sms", { body: { From: uniquePhone(), Body: "Y" } });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
  });

  it("answers the API's JSON, records a text from a number nobody texted once per MessageSid, and never texts a stranger", async () => {
    const phone = uniquePhone();
    const first = await incomingText({ From: phone, Body: "Hi, who is this?" });
    expect(first.res.status).toBe(200);
    expect(first.res.body).toEqual({ data: { received: true } });
    const again = await incomingText({ From: phone, Body: "Hi, who is this?", MessageSid: first.messageSid });
    expect(again.res.status).toBe(200);
    const records = await textRecords(phone);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      direction: "in",
      tenantId: null,
      template: "other",
      status: "received",
      providerSid: first.messageSid,
    });
    expect(await textsTo(phone)).toEqual([]);
  });

  it("STOP (and CANCEL, Twilio's opt-out word) opts the number out of every text; START opts it back in; a repeat changes nothing twice", async () => {
    const phone = uniquePhone();
    const stop = await incomingText({ From: phone, Body: "Cancel" });
    expect(stop.res.status).toBe(200);
    expect(await optedOut(phone)).toBe(true);
    const start = await incomingText({ From: phone, Body: "START" });
    expect(start.res.status).toBe(200);
    expect(await optedOut(phone)).toBe(false);
    // Twilio delivering the STOP again after the START must not opt the number out again.
    await incomingText({ From: phone, Body: "Cancel", MessageSid: stop.messageSid });
    expect(await optedOut(phone)).toBe(false);
    expect((await textRecords(phone)).map((r) => r.template)).toEqual(["opt_out", "opt_in"]);
    // Twilio answers STOP and START itself: we send nothing.
    expect(await textsTo(phone)).toEqual([]);
  });
});
