/**
 * A third party's script (Turnstile, Stripe.js) added to the page: resolves with the global it
 * defines, at once when it is already there, or null when it cannot load. A failed script tag is
 * removed (`onError` runs first), so a later try adds it afresh.
 */
export function loadGlobalScript<T>(src: string, global: () => T | undefined, onError?: () => void): Promise<T | null> {
  const ready = global();
  if (ready) return Promise.resolve(ready);
  return new Promise((resolve) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve(global() ?? null);
    script.onerror = () => {
      script.remove();
      onError?.();
      resolve(null);
    };
    document.head.append(script);
  });
}
