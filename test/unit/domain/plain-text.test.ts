import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { icsCalendar } from "../../../src/domain/ical";
import { plainLines, plainText } from "../../../src/domain/plain-text";

// design.md §31: control characters (U+0000–U+001F, U+007F) never reach an e-mail subject, a text
// message or an .ics line.

describe("plainText / plainLines", () => {
  it("remove every control character; plainLines keeps line breaks as \\n", () => {
    expect(plainText("Ada\r\nBcc: x@example.test\u0000\u001b[31m\u007f")).toBe("AdaBcc: x@example.test[31m");
    expect(plainText("Zoë 🙂 & Co\u00a0")).toBe("Zoë 🙂 & Co\u00a0");
    expect(plainLines("one\r\ntwo\rthree\nfour\u0007\t")).toBe("one\ntwo\nthree\nfour");
  });
});

describe(".ics lines", () => {
  it("hold no control character whatever the names and notes hold, and parse as the text without them", () => {
    const text = icsCalendar({
      method: "PUBLISH",
      name: "Sam\u0000 \u2013 Salon",
      events: [
        {
          uid: "bkg_1@example.test",
          sequence: 0,
          stamp: Date.UTC(2031, 0, 1),
          start: Date.UTC(2031, 0, 2, 10),
          end: Date.UTC(2031, 0, 2, 11),
          summary: "Cut \u2013 Ada\r\nATTENDEE:mailto:evil@example.test",
          description: "Customer: Ada\nNotes: first line\r\nsecond\u001b line",
        },
      ],
    });
    // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for control characters is the point
    for (const line of text.split("\r\n")) expect(line).not.toMatch(/[\u0000-\u001f\u007f]/);
    const event = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!;
    expect(event.getFirstPropertyValue("summary")).toBe("Cut \u2013 AdaATTENDEE:mailto:evil@example.test");
    expect(event.getFirstPropertyValue("description")).toBe("Customer: Ada\nNotes: first line\nsecond line");
    expect(event.getAllProperties("attendee")).toHaveLength(0);
  });
});
