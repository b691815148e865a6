import { describe, expect, it } from "vitest";
import { CODE_ALPHABET, codeDigest, codeLast4, formatCode, normalizeCode, randomCodeBody } from "../../../src/domain/prepaid-codes";

describe("gift-card and package codes (design.md §32)", () => {
  it("uses no look-alike letters: neither O nor I is ever printed", () => {
    expect(CODE_ALPHABET).not.toMatch(/[OI]/);
    expect(new Set(CODE_ALPHABET).size).toBe(34);
    for (let i = 0; i < 200; i++) {
      const body = randomCodeBody();
      expect(body).toMatch(/^[0-9A-HJ-NP-Z]{8}$/);
    }
  });

  it("is shown as GC-XXXX-XXXX with its last 4", () => {
    expect(formatCode("GC", "7K3MQ9XZ")).toBe("GC-7K3M-Q9XZ");
    expect(formatCode("PK", "7K3MQ9XZ")).toBe("PK-7K3M-Q9XZ");
    expect(codeLast4("7K3MQ9XZ")).toBe("Q9XZ");
  });

  it("reads what a customer types: any case, spaces or dashes, O as 0, I as 1, with or without the prefix", () => {
    for (const typed of ["GC-7K30-Q1XZ", "gc 7k30 q1xz", "7K3O-QIXZ", " gc-7k3o-qixz ", "GC7K30Q1XZ", "7k30q1xz"]) {
      expect(normalizeCode("GC", typed), typed).toBe("7K30Q1XZ");
    }
  });

  it("refuses what cannot be a code of that kind", () => {
    for (const typed of ["", "GC-7K30", "GC-7K30-Q1XZ-9", "PK-7K30-Q1XZ0", "GC-7K30-Q1X!", "GC-7K30-Q1XÄ"]) {
      expect(normalizeCode("GC", typed), typed).toBeNull();
    }
    // A package code typed into a gift-card field is 10 characters with the wrong prefix.
    expect(normalizeCode("GC", "PK-7K30-Q1XZ")).toBeNull();
  });

  it("draws each symbol evenly (no modulo bias) from the random bytes it is given", () => {
    const bytes = [255, 250, 238, 0, 33, 34, 237, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    // 238..255 are rejected (238 = 7 × 34); the rest map byte % 34.
    expect(randomCodeBody(() => Uint8Array.from(bytes))).toBe("0Z0Z1234");
  });

  it("stores an HMAC: keyed by the secret, different per kind, never the code itself", async () => {
    const a = await codeDigest("secret-one-secret-one-secret-one-0000", "GC", "7K30Q1XZ");
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toContain("7K30Q1XZ");
    expect(await codeDigest("secret-one-secret-one-secret-one-0000", "GC", "7K30Q1XZ")).toBe(a);
    expect(await codeDigest("secret-two-secret-two-secret-two-0000", "GC", "7K30Q1XZ")).not.toBe(a);
    expect(await codeDigest("secret-one-secret-one-secret-one-0000", "PK", "7K30Q1XZ")).not.toBe(a);
  });
});
