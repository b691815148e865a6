import { expect } from "vitest";
import { post } from "./api";

/** A new API key of the token's business through the owner route (201 expected): its id and the key itself. */
export async function newApiKey(token: string, scope: "read" | "write") {
  const res = await post("/api/businesses/me/api-keys", { name: `${scope} key`, scope }, { token });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: string; key: string };
}
