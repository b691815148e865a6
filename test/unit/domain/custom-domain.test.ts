import { describe, expect, it } from "vitest";
import { normalizeCustomDomain } from "../../../src/domain/custom-domain";

describe("custom domain", () => {
  it.each([
    ["book.example.com", "book.example.com"],
    ["  Book.Example.COM. ", "book.example.com"],
    ["xn--bcher-kva.example", "xn--bcher-kva.example"],
    ["bücher.example", "xn--bcher-kva.example"],
    ["a-b.c-d.co.uk", "a-b.c-d.co.uk"],
  ])("accepts %s as %s", (input, stored) => {
    expect(normalizeCustomDomain(input)).toEqual({ ok: true, hostname: stored });
  });

  it.each([
    "https://book.example.com",
    "book.example.com/path",
    "book.example.com:8443",
    "user@book.example.com",
    "localhost",
    "shop.localhost",
    "example",
    "10.0.0.1",
    "-bad.example.com",
    "bad-.example.com",
    "under_score.example.com",
    "two..dots.com",
    `${"a".repeat(64)}.example.com`,
    "",
  ])("refuses %j", (input) => {
    expect(normalizeCustomDomain(input).ok).toBe(false);
  });
});
