import { describe, expect, it } from "vitest";
import { normalizeReply, REPLY_WORDS, replyIntent, SMS_LOCALES } from "../../../../src/domain/sms/keywords";

describe("reply keywords (design.md §27)", () => {
  it.each(["Y", "yes", "Si", "sí", "OUI", "ja", "Sim", " y. ", "YES!"])("%j confirms", (body) => {
    expect(replyIntent(body, false)).toBe("confirm");
  });

  it.each(["N", "no", "Non", "nein", "não", "NAO", "nee", "x", "No."])("%j cancels", (body) => {
    expect(replyIntent(body, false)).toBe("cancel");
  });

  it.each(["STOP", "stopall", "Unsubscribe", "CANCEL", "cancel", "end", "QUIT", "optout", "revoke"])(
    "%j opts out (CANCEL never cancels a booking)",
    (body) => {
      expect(replyIntent(body, false)).toBe("opt_out");
      expect(replyIntent(body, true)).toBe("opt_out");
    },
  );

  it("START and UNSTOP opt back in; YES does only from a number that opted out", () => {
    expect(replyIntent("start", false)).toBe("opt_in");
    expect(replyIntent("UNSTOP", true)).toBe("opt_in");
    expect(replyIntent("YES", true)).toBe("opt_in");
    expect(replyIntent("Y", true)).toBe("confirm");
    expect(replyIntent("YES", false)).toBe("confirm");
  });

  it("HELP and INFO are left to Twilio's own answer", () => {
    expect(replyIntent("help", false)).toBe("carrier_help");
    expect(replyIntent("Info", false)).toBe("carrier_help");
  });

  it("a sentence is not a keyword: 'No problem, see you' neither cancels nor stops", () => {
    expect(replyIntent("No problem, see you", false)).toBe("other");
    expect(replyIntent("Yes please", false)).toBe("other");
    expect(replyIntent("please stop texting", false)).toBe("other");
    expect(replyIntent("", false)).toBe("other");
  });

  it("compares decomposed accents as composed ones", () => {
    expect(normalizeReply("na\u0303o")).toBe("NÃO");
    expect(replyIntent("si\u0301", false)).toBe("confirm");
  });

  it("every language's reminder words are understood in every reply", () => {
    for (const locale of SMS_LOCALES) {
      expect(replyIntent(REPLY_WORDS[locale].yes, false)).toBe("confirm");
      expect(replyIntent(REPLY_WORDS[locale].no, false)).toBe("cancel");
    }
  });
});
