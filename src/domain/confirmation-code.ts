import { randomCode } from "../lib/ids";

/**
 * Confirmation codes (interface.md: 9 characters, a 3-character prefix ending in a hyphen, then 6
 * alphanumerics; design.md §5: `BK-` + A-Z0-9). Stored upper-case, so a lookup upper-cases its
 * input and stays an equality on the unique index.
 */
export const CONFIRMATION_PREFIX = "BK-";
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const CODE_RE = /^BK-[A-Z0-9]{6}$/;

export function newConfirmationCode(): string {
  return CONFIRMATION_PREFIX + randomCode(6, ALPHABET);
}

/** The stored form of user input: trimmed and upper-cased. */
export function normalizeConfirmationCode(input: string): string {
  return input.trim().toUpperCase();
}

export function isConfirmationCode(code: string): boolean {
  return CODE_RE.test(code);
}
