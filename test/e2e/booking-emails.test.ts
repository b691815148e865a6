import ICAL from "ical.js";
import { afterAll, describe, expect, inject, it } from "vitest";
import { useBrowser, watchErrors } from "./helpers/browser";
import { createBookableTenant, e2eClient } from "./helpers/db";
import { bookThroughApi } from "./helpers/public-api";

// The whole local stack as `npm start` runs it (wrangler dev with its local queue, the local
// libSQL server), the capture server as the e-mail provider: a booking made through the public
// API reaches the customer's inbox with a calendar invitation a real parser reads, and the
// e-mail's manage link opens that booking on the booking page.

const baseUrl = inject("e2eBaseUrl");
const captureUrl = inject("e2eCaptureUrl");
const browser = useBrowser();
afterAll(() => e2eClient.close());

type Captured = { path: string; headers: Record<string, string>; body: string };
type Email = { to: string[]; subject: string; text: string; html: string; attachments?: { filename: string; content: string }[] };

async function emailsTo(address: string): Promise<Captured[]> {
  const q = new URLSearchParams({ pathPrefix: "/email", bodyContains: address });
  const res = await fetch(`${captureUrl}/__control/requests?${q}`);
  // The business's notice names the customer's address too; keep what was sent to it.
  return ((await res.json()) as { requests: Captured[] }).requests.filter((r) => (JSON.parse(r.body) as Email).to[0] === address);
}

describe("booking e-mails under wrangler dev", () => {
  it("a booking made through the API sends a confirmation with a parseable .ics and a working manage link", async () => {
    const tenant = await createBookableTenant({ serviceName: "Haircut", staffName: "Alex Rivera" });
    const email = `ada-${tenant.slug}@example.test`;
    // Far ahead of any real date: 09:30 in New York (EDT) = 13:30Z.
    const res = await bookThroughApi(tenant, "2031-07-15T09:30:00", { firstName: "Ada", lastName: "Lovelace", email });
    expect(res.status).toBe(201);
    const { id, confirmationCode } = ((await res.json()) as { data: { id: string; confirmationCode: string } }).data;

    let arrived: Captured[] = [];
    const started = Date.now();
    while (Date.now() - started < 60_000) {
      arrived = await emailsTo(email);
      if (arrived.length > 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(arrived, "no confirmation e-mail within 60 s").toHaveLength(1);
    const mail = JSON.parse(arrived[0].body) as Email;
    expect(mail.to).toEqual([email]);
    expect(mail.subject).toBe(`Booking confirmed: Haircut at ${tenant.businessName}`);
    expect(mail.text).toContain("Tue 15 Jul 2031, 09:30\u201310:30 (America/New_York time)");
    expect(mail.html).toContain(tenant.businessName);

    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments![0].filename).toBe("invite.ics");
    const ics = Buffer.from(mail.attachments![0].content, "base64").toString("utf8");
    const cal = new ICAL.Component(ICAL.parse(ics));
    const event = cal.getFirstSubcomponent("vevent")!;
    expect(cal.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(event.getFirstPropertyValue("uid")).toBe(`${id}@127.0.0.1`);
    expect(event.getFirstPropertyValue("sequence")).toBe(0);
    expect((event.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString()).toBe("2031-07-15T13:30:00.000Z");
    expect((event.getFirstPropertyValue("dtend") as ICAL.Time).toJSDate().toISOString()).toBe("2031-07-15T14:30:00.000Z");
    expect(event.getFirstPropertyValue("dtstamp")).toBeTruthy();
    expect(event.getFirstPropertyValue("organizer")).toMatch(/^mailto:/);
    expect(event.getFirstPropertyValue("summary")).toBe(`Haircut with Alex Rivera at ${tenant.businessName}`);

    // The manage link is built from PUBLIC_BASE_URL and opens this booking.
    const link = `${baseUrl}/book?slug=${tenant.slug}&code=${confirmationCode}`;
    expect(mail.text).toContain(link);
    const { page } = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(link);
    await expect.poll(() => page.locator("#manage-details").textContent()).toContain("Confirmed");
    expect(await page.locator("#manage-details").textContent()).toContain(confirmationCode);
    expect(await page.locator("#manage-details").textContent()).toContain("09:30\u201310:30 (America/New_York time)");
    expect(await page.getByLabel("Confirmation code").inputValue()).toBe(confirmationCode);
    expect(errors, errors.join("\n")).toEqual([]);
  });
});
