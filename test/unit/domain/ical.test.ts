import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { base64Utf8, escapeText, foldLine, icsCalendar, icsUtc } from "../../../src/domain/ical";

// The files are checked with a maintained parser (ical.js), not by comparing strings only: what a
// calendar app reads is what matters.

const start = Date.UTC(2031, 2, 30, 7, 0);
const base = {
  uid: "bkg_abc@book.example",
  sequence: 2,
  stamp: Date.UTC(2031, 2, 1, 12, 0, 5),
  start,
  end: start + 45 * 60_000,
  summary: "Cut, colour; blow-dry with Zoë at Salon \\ Spa",
  description: "Line one\nLine two",
  organizer: { name: 'Salon "Nord"', email: "no-reply@book.example" },
  attendee: { name: "Ada Lovelace", email: "ada@example.test" },
};

function parse(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  const event = cal.getFirstSubcomponent("vevent");
  if (!event) throw new Error("no VEVENT");
  return { cal, event };
}

describe("iCalendar text", () => {
  it("a REQUEST parses with every property importers require, times in UTC", () => {
    const text = icsCalendar({ method: "REQUEST", events: [{ ...base, status: "CONFIRMED" }] });
    const { cal, event } = parse(text);
    expect(cal.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(cal.getFirstPropertyValue("version")).toBe("2.0");
    expect(cal.getFirstPropertyValue("prodid")).toBeTruthy();
    expect(event.getFirstPropertyValue("uid")).toBe(base.uid);
    expect(event.getFirstPropertyValue("sequence")).toBe(2);
    const dtstart = event.getFirstPropertyValue("dtstart") as ICAL.Time;
    expect(dtstart.zone?.tzid).toBe("UTC");
    expect(dtstart.toJSDate().getTime()).toBe(start);
    expect((event.getFirstPropertyValue("dtend") as ICAL.Time).toJSDate().getTime()).toBe(base.end);
    expect((event.getFirstPropertyValue("dtstamp") as ICAL.Time).toJSDate().getTime()).toBe(base.stamp);
    expect(event.getFirstPropertyValue("summary")).toBe(base.summary);
    expect(event.getFirstPropertyValue("description")).toBe(base.description);
    expect(event.getFirstPropertyValue("organizer")).toBe("mailto:no-reply@book.example");
    expect(event.getFirstProperty("organizer")?.getParameter("cn")).toBe("Salon Nord");
    expect(event.getFirstPropertyValue("attendee")).toBe("mailto:ada@example.test");
    expect(event.getFirstPropertyValue("status")).toBe("CONFIRMED");
  });

  it("a CANCEL keeps the UID", () => {
    const { cal, event } = parse(icsCalendar({ method: "CANCEL", events: [{ ...base, sequence: 3, status: "CANCELLED" }] }));
    expect(cal.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(event.getFirstPropertyValue("uid")).toBe(base.uid);
    expect(event.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(event.getFirstPropertyValue("sequence")).toBe(3);
  });

  it("uses CRLF everywhere and folds long lines at 75 octets without splitting a character", () => {
    const long = `${"é".repeat(60)} ${"x".repeat(100)}`;
    const text = icsCalendar({ method: "PUBLISH", name: "Feed", refreshMinutes: 15, events: [{ ...base, summary: long }] });
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const { cal, event } = parse(text);
    expect(event.getFirstPropertyValue("summary")).toBe(long);
    expect(cal.getFirstPropertyValue("x-wr-calname")).toBe("Feed");
  });

  it("escapes TEXT and leaves out an attendee whose address would break the line", () => {
    expect(escapeText("a,b;c\\d\ne")).toBe("a\\,b\\;c\\\\d\\ne");
    const text = icsCalendar({ method: "REQUEST", events: [{ ...base, attendee: { name: "X", email: "bad:addr@x;y" } }] });
    expect(text).not.toContain("ATTENDEE");
    expect(foldLine("short")).toBe("short");
    expect(icsUtc(start)).toBe("20310330T070000Z");
  });

  it("base64 keeps UTF-8", () => {
    const text = icsCalendar({ method: "REQUEST", events: [base] });
    const decoded = new TextDecoder().decode(Uint8Array.from(atob(base64Utf8(text)), (c) => c.charCodeAt(0)));
    expect(decoded).toBe(text);
  });
});
