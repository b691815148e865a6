/**
 * design.md §31: names and free text typed by anyone (a guest's name, a service name, a note)
 * reach e-mail subjects, text messages and iCalendar lines. Control characters (U+0000–U+001F,
 * U+007F) have no business there: a CR/LF in a subject can forge headers at a careless relay, a
 * NUL or an escape sequence confuses phones and calendar apps. The sinks run what they write
 * through these two helpers, so no caller has to remember to.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: every control character but the line feed
const CONTROL_BUT_LF = /[\u0000-\u0009\u000b-\u001f\u007f]/g;

/** One line of text: every control character removed (line breaks included). */
export function plainText(value: string): string {
  return value.replace(CONTROL, "");
}

/** Text that may span lines (a description): line breaks kept as "\n", every other control character removed. */
export function plainLines(value: string): string {
  return value.replace(/\r\n?/g, "\n").replace(CONTROL_BUT_LF, "");
}
