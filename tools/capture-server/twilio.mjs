// Default answers for Twilio's Messages API (paths under /twilio/), shaped like Twilio's, so the
// Worker's text sending and its delivery-status reads run without scripting every call. Tests
// still script refusals, time-outs and other statuses with rules (they win over these defaults).
// Like Twilio, nothing is deduplicated: every POST makes a new message.
//
//   POST /2010-04-01/Accounts/:sid/Messages.json       -> 201 SM<32 hex>, status queued; 400 (21211)
//                                                         when To is not +digits; 401 without basic auth
//   GET  /2010-04-01/Accounts/:sid/Messages/:SM.json   -> that message, status delivered; 404 (20404) unknown

/** @typedef {{ status: number, body: unknown }} Answer */

export function twilioStandIn() {
  /** @type {Map<string, Record<string, unknown>>} */
  const messages = new Map();
  let n = 0;
  const sid = () => {
    n += 1;
    return `SM${n.toString(16).padStart(8, "0")}${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`;
  };

  /**
   * @param {string} method
   * @param {string} path the path after /twilio (query included)
   * @param {string} rawBody
   * @param {import("node:http").IncomingHttpHeaders} headers
   * @returns {Answer}
   */
  function answer(method, path, rawBody, headers) {
    const p = path.split("?")[0];
    const account = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages/.exec(p)?.[1];
    if (!account) return { status: 404, body: { code: 20404, message: "The requested resource was not found", status: 404 } };
    if (!String(headers.authorization ?? "").startsWith("Basic ")) {
      return { status: 401, body: { code: 20003, message: "Authenticate", status: 401 } };
    }
    if (method === "POST" && p.endsWith("/Messages.json")) {
      const f = Object.fromEntries(new URLSearchParams(rawBody));
      if (!/^\+\d{7,15}$/.test(f.To ?? "")) {
        return { status: 400, body: { code: 21211, message: `The 'To' number ${f.To ?? ""} is not a valid phone number.`, status: 400 } };
      }
      const message = {
        sid: sid(),
        account_sid: account,
        to: f.To,
        from: f.From ?? null,
        messaging_service_sid: f.MessagingServiceSid ?? null,
        body: f.Body ?? "",
        status: "queued",
        error_code: null,
        error_message: null,
        date_created: new Date().toUTCString(),
      };
      messages.set(message.sid, message);
      return { status: 201, body: message };
    }
    const read = /\/Messages\/([^/]+)\.json$/.exec(p);
    if (method === "GET" && read) {
      const message = messages.get(read[1]);
      if (!message) return { status: 404, body: { code: 20404, message: "The requested resource was not found", status: 404 } };
      return { status: 200, body: { ...message, status: "delivered" } };
    }
    return { status: 405, body: { code: 20004, message: "Method not allowed", status: 405 } };
  }

  return { answer };
}
