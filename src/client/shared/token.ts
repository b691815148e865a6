/** The `exp` of a JWT in epoch ms (0 when unreadable): pages stop using a token by themselves. */
export function tokenExpiry(token: string): number {
  try {
    let part = (token.split(".")[1] ?? "").replace(/-/g, "+").replace(/_/g, "/");
    while (part.length % 4) part += "=";
    const claims = JSON.parse(atob(part)) as { exp?: unknown };
    return typeof claims.exp === "number" ? claims.exp * 1000 : 0;
  } catch {
    return 0;
  }
}
