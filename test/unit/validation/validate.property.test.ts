import fc from "fast-check";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { onError, onNotFound } from "../../../src/errors";
import { validate } from "../../../src/lib/validate";
import {
  emailField,
  firstNameField,
  hexColor,
  httpUrl,
  idField,
  limitField,
  localDateField,
  localDateTimeField,
  newPasswordField,
  timeZoneField,
} from "../../../src/routes/fields";
import { bodyFor, encodeAny, fuzzSeed, key, nastyString, PROTO_KEYS, queryFor } from "../../helpers/fuzz";

// Property tests of the validation layer every route uses (src/lib/validate.ts, src/errors.ts),
// with the real field schemas of the route families. The routes themselves are fuzzed through
// the Worker in test/integration/fuzz/.

const body = z
  .object({
    email: emailField,
    password: newPasswordField,
    firstName: firstNameField,
    timezone: timeZoneField.optional(),
    color: hexColor.optional(),
    url: httpUrl.optional(),
    serviceId: idField("serviceId").optional(),
    startDatetime: localDateTimeField("startDatetime").optional(),
    customer: z.object({ firstName: firstNameField, email: emailField }).strict().optional(),
  })
  .strict();
const query = z.object({ limit: limitField, date: localDateField.optional(), search: z.string().max(200).optional() }).strict();
const VALID = { email: "ada@example.test", password: "long-enough-1", firstName: "Ada" };

const app = new Hono();
app.onError(onError);
app.notFound(onNotFound);
app.post("/body", validate("json", body), (c) => c.json({ data: Object.keys(c.req.valid("json")) }));
app.get("/query", validate("query", query), (c) => c.json({ data: c.req.valid("query") }));

async function send(path: string, init?: RequestInit) {
  const res = await app.request(path, init);
  const text = await res.text();
  return { status: res.status, text, json: JSON.parse(text) };
}

/** Shape 2 of the contract for a validation error. */
function isValidationEnvelope(json: any): boolean {
  const e = json?.error;
  return (
    e?.code === "invalid_request" &&
    typeof e.message === "string" &&
    (e.details === undefined ||
      (Array.isArray(e.details.formErrors) &&
        Object.values(e.details.fieldErrors).every((v) => Array.isArray(v) && v.every((m) => typeof m === "string"))))
  );
}

const SEED = fuzzSeed("validation layer");
const runs = (numRuns: number) => ({ seed: SEED, numRuns });

describe("validation layer properties", () => {
  it("any body: 200 with the valid fields or 400 invalid_request in the contract envelope, never a 500", async () => {
    await fc.assert(
      fc.asyncProperty(bodyFor(VALID), async (raw) => {
        const res = await send("/body", { method: "POST", body: raw, headers: { "Content-Type": "application/json" } });
        expect([200, 400], res.text).toContain(res.status);
        if (res.status === 400) expect(isValidationEnvelope(res.json), res.text).toBe(true);
      }),
      runs(400),
    );
  });

  it("a valid body with an extra key (prototype names included) is 400 naming exactly that key", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constantFrom(...PROTO_KEYS), key), async (extra) => {
        fc.pre(!Object.hasOwn(body.shape, extra));
        const raw = `{${Object.entries(VALID)
          .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
          .join(",")},${JSON.stringify(extra)}:1}`;
        const res = await send("/body", { method: "POST", body: raw, headers: { "Content-Type": "application/json" } });
        expect(res.status, res.text).toBe(400);
        expect(Object.keys(res.json.error.details.fieldErrors)).toEqual([extra]);
        expect(res.json.error.details.fieldErrors[extra]).toEqual(["Unknown field"]);
      }),
      runs(200),
    );
  });

  it("nested strict objects name the dotted path of a prototype-named key", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PROTO_KEYS), async (extra) => {
        const raw = JSON.stringify({ ...VALID, customer: { firstName: "A", email: "a@example.test" } }).replace(
          /}}$/,
          `,${JSON.stringify(extra)}:{}}}`,
        );
        const res = await send("/body", { method: "POST", body: raw, headers: { "Content-Type": "application/json" } });
        expect(res.status, res.text).toBe(400);
        expect(Object.keys(res.json.error.details.fieldErrors)).toEqual([`customer.${extra}`]);
      }),
      runs(PROTO_KEYS.length * 2),
    );
  });

  it("any query string: unknown parameters ignored, known ones validated (repeated ones too), never a 500", async () => {
    await fc.assert(
      fc.asyncProperty(queryFor(["limit", "date", "search"]), async (qs) => {
        const res = await send(`/query?${qs}`);
        expect([200, 400], res.text).toContain(res.status);
        if (res.status === 400) expect(isValidationEnvelope(res.json), res.text).toBe(true);
        else expect(Object.keys(res.json.data).every((k) => ["limit", "date", "search"].includes(k))).toBe(true);
      }),
      runs(400),
    );
  });

  it("a prototype-named query parameter is ignored", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PROTO_KEYS), nastyString, async (name, value) => {
        const res = await send(`/query?limit=5&${encodeAny(name)}=${encodeAny(value)}`);
        expect(res.status, res.text).toBe(200);
        expect(res.json.data).toEqual({ limit: 5 });
      }),
      runs(100),
    );
  });
});
