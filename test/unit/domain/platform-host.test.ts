import { describe, expect, it } from "vitest";
import { isPlatformHost, normalizeHost, platformDomainProblem } from "../../../src/domain/platform-host";

const PROD = { publicBaseUrl: "https://book.platform.example", environment: "production" } as const;
const DEV_UNSET = { environment: "development" } as const;
const DEV_SET = { publicBaseUrl: "http://127.0.0.1:8787", environment: "development" } as const;

describe("platform host (design.md §18)", () => {
  it("normalises Host values: case, port, trailing dot", () => {
    expect(normalizeHost("Book.Platform.Example.:443")).toBe("book.platform.example");
    expect(normalizeHost("[::1]:8787")).toBe("[::1]");
  });

  it("production: only PUBLIC_BASE_URL's host and workers.dev names", () => {
    expect(isPlatformHost("book.platform.example", PROD)).toBe(true);
    expect(isPlatformHost("BOOK.platform.example:443", PROD)).toBe(true);
    expect(isPlatformHost("booking-platform.acme.workers.dev", PROD)).toBe(true);
    for (const other of ["salon.example.com", "platform.example", "evil.book.platform.example", "localhost", "127.0.0.1", "[::1]"]) {
      expect(isPlatformHost(other, PROD), other).toBe(false);
    }
  });

  it("without PUBLIC_BASE_URL (development/tests): every host that could never be a custom domain", () => {
    for (const host of ["localhost:8787", "127.0.0.1:8787", "[::1]:8787", "10.0.0.2", "app.localhost", "x.workers.dev", "intranet"]) {
      expect(isPlatformHost(host, DEV_UNSET), host).toBe(true);
    }
    expect(isPlatformHost("book.salon.example", DEV_UNSET)).toBe(false);
  });

  it("development with PUBLIC_BASE_URL: that host plus loopback names", () => {
    expect(isPlatformHost("127.0.0.1:8787", DEV_SET)).toBe(true);
    expect(isPlatformHost("localhost:8787", DEV_SET)).toBe(true);
    expect(isPlatformHost("book.salon.example", DEV_SET)).toBe(false);
  });

  it("the platform's own hosts can never be a custom domain", () => {
    expect(platformDomainProblem("book.platform.example", PROD.publicBaseUrl)).toBe("This is the platform's own address");
    expect(platformDomainProblem("booking-platform.acme.workers.dev", PROD.publicBaseUrl)).toMatch(/workers\.dev/);
    expect(platformDomainProblem("workers.dev", undefined)).toMatch(/workers\.dev/);
    expect(platformDomainProblem("book.salon.example", PROD.publicBaseUrl)).toBeNull();
  });
});
