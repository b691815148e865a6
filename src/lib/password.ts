// PBKDF2-SHA-256 through WebCrypto: the same code runs in the Worker and in the Node seed script.
const ITERATIONS = 100_000; // the Workers runtime's maximum
const encoder = new TextEncoder();

function toB64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}
function fromB64(s: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(s), (ch) => ch.charCodeAt(0));
}

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, ITERATIONS);
  return `pbkdf2$${ITERATIONS}$${toB64(salt)}$${toB64(hash)}`;
}

export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

// A fixed, well-formed hash to verify against when the account does not exist, so an unknown
// e-mail costs the same PBKDF2 work as a wrong password.
const DUMMY_HASH = `pbkdf2$${ITERATIONS}$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`;

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const [scheme, iter, saltB64, hashB64] = (stored ?? DUMMY_HASH).split("$");
  if (scheme !== "pbkdf2" || !iter || !saltB64 || !hashB64) {
    await derive(password, new Uint8Array(16), ITERATIONS);
    return false;
  }
  const actual = await derive(password, fromB64(saltB64), Number(iter));
  const ok = constantTimeEqual(actual, fromB64(hashB64));
  return stored ? ok : false;
}
