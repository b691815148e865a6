import { describe, expect, it } from "vitest";
import { formatIpv6, parseIpv6, rateLimitClientKey } from "../../../src/domain/ip";

describe("rate-limit client key (design.md §18)", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(rateLimitClientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitClientKey("  203.0.113.7 ")).toBe("203.0.113.7");
  });

  it("keys an IPv6 address by its /64 network in canonical form", () => {
    expect(rateLimitClientKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(rateLimitClientKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
  });

  it("gives every spelling of one address, compressed or expanded, upper or lower case, the same key", () => {
    const spellings = [
      "2001:db8:0:0:1:2:3:4",
      "2001:0db8:0000:0000:0001:0002:0003:0004",
      "2001:DB8::1:2:3:4",
      "2001:db8:0::1:2:3:4",
      "[2001:db8::1:2:3:4]",
    ];
    const keys = new Set(spellings.map(rateLimitClientKey));
    expect([...keys]).toEqual(["2001:db8::/64"]);
  });

  it("gives two addresses of one /64 one key and addresses of two /64s two keys", () => {
    expect(rateLimitClientKey("2001:db8:aa:bb::1")).toBe(rateLimitClientKey("2001:db8:aa:bb:ffff:ffff:ffff:fffe"));
    expect(rateLimitClientKey("2001:db8:aa:bb::1")).not.toBe(rateLimitClientKey("2001:db8:aa:bc::1"));
  });

  it("keys an IPv4-mapped IPv6 address as its IPv4 address", () => {
    expect(rateLimitClientKey("::ffff:198.51.100.9")).toBe("198.51.100.9");
    expect(rateLimitClientKey("::FFFF:c633:6409")).toBe("198.51.100.9");
    expect(rateLimitClientKey("0:0:0:0:0:ffff:198.51.100.9")).toBe("198.51.100.9");
  });

  it.each([
    undefined,
    null,
    "",
    "unknown",
    "not-an-ip",
    "1.2.3",
    "256.1.1.1",
    "1.2.3.4, 5.6.7.8",
    "2001:db8::1::2",
    "2001:db8:g::1",
    "1:2:3:4:5:6:7:8:9",
  ])("puts the garbage header %j into the one `unknown` bucket", (header) => {
    expect(rateLimitClientKey(header)).toBe("unknown");
  });

  it("drops a zone index", () => {
    expect(rateLimitClientKey("fe80::1%eth0")).toBe("fe80::/64");
  });
});

describe("IPv6 text", () => {
  it.each([
    [[0x2001, 0xdb8, 0, 0, 1, 0, 0, 1], "2001:db8::1:0:0:1"], // two equal runs: the first is compressed
    [[0x2001, 0xdb8, 0, 1, 0, 0, 0, 1], "2001:db8:0:1::1"], // a single zero group is not compressed
    [[0, 0, 0, 0, 0, 0, 0, 0], "::"],
    [[0, 0, 0, 0, 0, 0, 0, 1], "::1"],
    [[0xfe80, 0, 0, 0, 0, 0, 0, 0], "fe80::"],
  ])("formats %j as %s (RFC 5952)", (groups, text) => {
    expect(formatIpv6(groups)).toBe(text);
    expect(parseIpv6(text)).toEqual(groups);
  });
});
