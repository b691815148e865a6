const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

function randomString(length: number, alphabet: string): string {
  // Rejection sampling keeps every character equally likely.
  const limit = 256 - (256 % alphabet.length);
  let out = "";
  while (out.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
    for (const b of bytes) {
      if (b < limit && out.length < length) out += alphabet[b % alphabet.length];
    }
  }
  return out;
}

/** Random, unguessable ids (~103 bits), prefixed so a stray id says what it is. */
export function newId(prefix: string): string {
  return `${prefix}_${randomString(20, ALPHABET)}`;
}

export function randomCode(length: number, alphabet: string): string {
  return randomString(length, alphabet);
}

/** A secret for tokens and signing: 32 random bytes, base64url. */
export function newSecret(bytes = 32): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...raw))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}
