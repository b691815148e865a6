import { describe, expect, it } from "vitest";
import { checkWebhookUrl, isInternalHost } from "../../../src/domain/webhook-url";

describe("webhook URL guard (SSRF)", () => {
  it.each([
    "http://127.0.0.1:8080/hook",
    "http://127.1.2.3/",
    "http://localhost/hook",
    "http://LOCALHOST./hook",
    "http://api.localhost/",
    "http://printer.local/",
    "http://0.0.0.0/",
    "http://10.0.0.5/",
    "http://172.16.0.1/",
    "http://172.31.255.255/",
    "http://192.168.1.1/",
    "http://169.254.169.254/latest/meta-data",
    "http://100.64.0.1/",
    "http://[::1]/",
    "http://[::]/",
    "http://[fc00::1]/",
    "http://[fd12:3456::1]/",
    "http://[fe80::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:10.0.0.1]/",
    "http://2130706433/", // 127.0.0.1 as one number
    "http://0x7f.1/", // 127.0.0.1 in hex shorthand
    "http://017700000001/", // octal
  ])("refuses %s in production", (url) => {
    const check = checkWebhookUrl(url, "production");
    expect(check.ok).toBe(false);
  });

  it.each([
    "https://hooks.example.com/booking",
    "https://example.org:8080/x?token=1",
    "https://8.8.8.8/",
    "https://[2606:4700::1111]/",
    "https://172.32.0.1/",
  ])("allows the public address %s in production", (url) => {
    expect(checkWebhookUrl(url, "production").ok).toBe(true);
  });

  it("refuses plain http in production, also for a public host, and says to use https", () => {
    expect(checkWebhookUrl("http://hooks.example.com/booking", "production")).toEqual({ ok: false, reason: "Use an https URL" });
    expect(checkWebhookUrl("HTTP://hooks.example.com/booking", "production").ok).toBe(false);
    expect(checkWebhookUrl("http://hooks.example.com/booking", "development").ok).toBe(true);
  });

  it("allows loopback and private hosts in development and test", () => {
    expect(checkWebhookUrl("http://127.0.0.1:9999/hook", "test").ok).toBe(true);
    expect(checkWebhookUrl("http://localhost:8787/hook", "development").ok).toBe(true);
  });

  it.each(["ftp://example.com/", "file:///etc/passwd", "javascript:alert(1)", "not a url", "//example.com/x", "gopher://example.com/"])(
    "refuses %s in every environment",
    (url) => {
      expect(checkWebhookUrl(url, "test").ok).toBe(false);
      expect(checkWebhookUrl(url, "production").ok).toBe(false);
    },
  );

  it("refuses over-long URLs", () => {
    expect(checkWebhookUrl(`https://example.com/${"a".repeat(2100)}`, "test").ok).toBe(false);
  });

  it("reads host names case-insensitively and ignores a trailing dot", () => {
    expect(isInternalHost("Printer.LOCAL.")).toBe(true);
    expect(isInternalHost("example.com")).toBe(false);
  });
});
