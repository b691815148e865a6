import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  computeSignature,
  constantTimeEqual,
  parseSignatureHeader,
  signatureHeader,
  verifySignature,
} from "../../../src/domain/webhook-signature";

const secret = "whsec_unit_test_secret";
const body = '{"id":"evt_1","type":"booking.created"}';
const now = new Date("2026-03-01T12:00:00.000Z");
const t = Math.floor(now.getTime() / 1000);

describe("webhook signature", () => {
  it("is the documented recipe: hex HMAC-SHA-256 of `${t}.${body}` keyed with the secret", async () => {
    const expected = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
    expect(await computeSignature(secret, t, body)).toBe(expected);
    expect(await signatureHeader(secret, body, now)).toBe(`t=${t},v1=${expected}`);
  });

  it("changes when the body changes, when the time changes and when the secret changes", async () => {
    const base = await computeSignature(secret, t, body);
    expect(await computeSignature(secret, t, body.replace("evt_1", "evt_2"))).not.toBe(base);
    expect(await computeSignature(secret, t, `${body} `)).not.toBe(base);
    expect(await computeSignature(secret, t + 1, body)).not.toBe(base);
    expect(await computeSignature(`${secret}x`, t, body)).not.toBe(base);
  });

  it("verifies its own header and accepts any of several v1 values (secret rotation)", async () => {
    const header = await signatureHeader(secret, body, now);
    expect(await verifySignature(secret, header, body, now)).toEqual({ ok: true, t });
    const v1 = header.split("v1=")[1];
    const rotated = `t=${t},v1=${"0".repeat(64)},v0=abc,v1=${v1}`;
    expect((await verifySignature(secret, rotated, body, now)).ok).toBe(true);
  });

  it("refuses a missing, malformed, tampered or stale signature with the reason", async () => {
    const header = await signatureHeader(secret, body, now);
    expect(await verifySignature(secret, undefined, body, now)).toEqual({ ok: false, reason: "missing" });
    expect(await verifySignature(secret, "garbage", body, now)).toEqual({ ok: false, reason: "malformed" });
    expect(await verifySignature(secret, `t=${t}`, body, now)).toEqual({ ok: false, reason: "malformed" });
    expect(await verifySignature(secret, header, body.replace("1", "2"), now)).toEqual({ ok: false, reason: "mismatch" });
    expect(await verifySignature("whsec_other", header, body, now)).toEqual({ ok: false, reason: "mismatch" });
    const sixMinutesLater = new Date(now.getTime() + 6 * 60_000);
    expect(await verifySignature(secret, header, body, sixMinutesLater)).toEqual({ ok: false, reason: "stale" });
    const sixMinutesEarlier = new Date(now.getTime() - 6 * 60_000);
    expect(await verifySignature(secret, header, body, sixMinutesEarlier)).toEqual({ ok: false, reason: "stale" });
    const withinTolerance = new Date(now.getTime() + 4 * 60_000);
    expect((await verifySignature(secret, header, body, withinTolerance)).ok).toBe(true);
  });

  it("parses t and every well-formed v1, ignoring other schemes", () => {
    const a = "a".repeat(64);
    const b = "B".repeat(64);
    expect(parseSignatureHeader(`t=123, v1=${a}, v0=zz, v1=${b}`)).toEqual({ t: 123, v1: [a, "b".repeat(64)] });
    expect(parseSignatureHeader(`t=1,t=2,v1=${a}`)).toBeNull();
    expect(parseSignatureHeader(`t=x,v1=${a}`)).toBeNull();
    expect(parseSignatureHeader("")).toBeNull();
  });

  it("compares in constant time without accepting different lengths", () => {
    expect(constantTimeEqual("abcd", "abcd")).toBe(true);
    expect(constantTimeEqual("abcd", "abce")).toBe(false);
    expect(constantTimeEqual("abcd", "abc")).toBe(false);
  });
});
