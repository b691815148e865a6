/**
 * iCalendar (RFC 5545) text for booking invitations (RFC 5546 REQUEST / CANCEL) and the staff
 * calendar feed (PUBLISH). Pure: no clock, no I/O. Times are written in UTC (`...Z`), so no
 * VTIMEZONE is needed and every importer agrees on the instant.
 *
 * Format rules applied here: CRLF line ends; lines folded at 75 octets (UTF-8, never inside a
 * character) with a leading space on continuation lines; TEXT values escape `\ ; ,` and newlines;
 * parameter values (CN) are quoted, with the characters a quoted value cannot hold removed.
 * Control characters never reach a line (design.md §31): single-line values lose all of them,
 * multi-line ones (DESCRIPTION, LOCATION) keep their line breaks (escaped as `\n`) and lose the rest.
 */
import { plainLines, plainText } from "./plain-text";

export type IcsPerson = { name: string; email: string };

export type IcsEvent = {
  /** Stable per booking: every update and the cancellation carry the same UID. */
  uid: string;
  /** Grows with each change the attendee is told about (RFC 5546 versioning). */
  sequence: number;
  /** When this copy was produced (DTSTAMP), epoch ms. */
  stamp: number;
  start: number;
  end: number;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  status?: "CONFIRMED" | "CANCELLED";
  organizer?: IcsPerson;
  attendee?: IcsPerson;
  lastModified?: number;
};

export type IcsMethod = "REQUEST" | "CANCEL" | "PUBLISH";

export type IcsCalendar = {
  method: IcsMethod;
  events: IcsEvent[];
  /** Feed name shown by calendar apps (X-WR-CALNAME). */
  name?: string;
  /** Suggested polling interval for subscribed feeds (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
  refreshMinutes?: number;
};

export const ICS_PRODID = "-//Booking Platform//Bookings 1.0//EN";

/** 20310330T070000Z */
export function icsUtc(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "Z");
}

/** RFC 5545 3.3.11 TEXT: backslash, semicolon, comma and line breaks escaped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** A quoted parameter value (CN=...): DQUOTE and control characters cannot appear inside it. */
function paramValue(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  return `"${value.replace(/["\u0000-\u001f\u007f]/g, "").trim()}"`;
}

/** A mailto: URI; an address with characters that do not belong in one is left out by the caller. */
function mailto(email: string): string {
  return `mailto:${email}`;
}

const encoder = new TextEncoder();

/** UTF-8 length of one character (a code point) of a string. */
function utf8Length(ch: string): number {
  const cp = ch.codePointAt(0) ?? 0;
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/** Folds one content line at 75 octets; continuation lines start with one space (RFC 5545 3.1). */
export function foldLine(line: string): string {
  // Most lines are short: at most 3 octets per UTF-16 unit, so 25 units always fit.
  if (line.length <= 25) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  let limit = 75;
  for (const ch of line) {
    // Counted by code point, not with a TextEncoder per character: that cost 0.4 ms per booking e-mail.
    const n = utf8Length(ch);
    if (size + n > limit) {
      parts.push(current);
      current = "";
      size = 0;
      limit = 74; // the leading space of a continuation line counts
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const SAFE_EMAIL = /^[^\s"<>:;,\\]+@[^\s"<>:;,\\]+$/;

function person(prop: "ORGANIZER" | "ATTENDEE", p: IcsPerson, attendee: boolean): string | null {
  if (!SAFE_EMAIL.test(p.email)) return null;
  const params = [`CN=${paramValue(p.name || p.email)}`];
  if (attendee) params.push("ROLE=REQ-PARTICIPANT", "PARTSTAT=ACCEPTED", "RSVP=FALSE");
  return `${prop};${params.join(";")}:${mailto(p.email)}`;
}

function eventLines(e: IcsEvent): string[] {
  const lines = [
    "BEGIN:VEVENT",
    `UID:${escapeText(plainText(e.uid))}`,
    `SEQUENCE:${Math.max(0, Math.trunc(e.sequence))}`,
    `DTSTAMP:${icsUtc(e.stamp)}`,
    `DTSTART:${icsUtc(e.start)}`,
    `DTEND:${icsUtc(e.end)}`,
    `SUMMARY:${escapeText(plainText(e.summary))}`,
  ];
  if (e.description) lines.push(`DESCRIPTION:${escapeText(plainLines(e.description))}`);
  if (e.location) lines.push(`LOCATION:${escapeText(plainLines(e.location))}`);
  if (e.url) lines.push(`URL:${plainText(e.url)}`);
  if (e.status) lines.push(`STATUS:${e.status}`);
  if (e.lastModified !== undefined) lines.push(`LAST-MODIFIED:${icsUtc(e.lastModified)}`);
  const organizer = e.organizer && person("ORGANIZER", e.organizer, false);
  if (organizer) lines.push(organizer);
  const attendee = e.attendee && person("ATTENDEE", e.attendee, true);
  if (attendee) lines.push(attendee);
  lines.push("TRANSP:OPAQUE", "END:VEVENT");
  return lines;
}

/** A whole VCALENDAR object, CRLF line ends, folded. */
export function icsCalendar(cal: IcsCalendar): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", `PRODID:${ICS_PRODID}`, "CALSCALE:GREGORIAN", `METHOD:${cal.method}`];
  if (cal.name) lines.push(`X-WR-CALNAME:${escapeText(plainText(cal.name))}`);
  if (cal.refreshMinutes)
    lines.push(`REFRESH-INTERVAL;VALUE=DURATION:PT${cal.refreshMinutes}M`, `X-PUBLISHED-TTL:PT${cal.refreshMinutes}M`);
  for (const e of cal.events) lines.push(...eventLines(e));
  lines.push("END:VCALENDAR");
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

/** Base64 of the UTF-8 text (the e-mail provider's attachment `content`). */
export function base64Utf8(text: string): string {
  const bytes = encoder.encode(text);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
