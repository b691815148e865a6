/**
 * Bot protection on the booking page (design.md §31): Cloudflare Turnstile, rendered only when the
 * business has it on (the server puts the site key on <body>), its script loaded only then, from
 * TURNSTILE_JS_URL (the page's CSP allows exactly that origin). The token it hands over is sent as
 * the create's `captchaToken`; a token is good for one check, so the widget is reset after every try.
 */
import { loadGlobalScript } from "../shared/script";

type RenderOptions = {
  sitekey: string;
  callback: (token: string) => void;
  "expired-callback": () => void;
  "error-callback": () => void;
};

type Turnstile = { render(container: HTMLElement, options: RenderOptions): string; reset(widgetId: string): void };

declare global {
  interface Window {
    turnstile?: Turnstile;
  }
}

export type BotCheck = { token(): string | null; reset(): void };

/** Renders the check into `container`; `onUnavailable` when Turnstile's script cannot load. */
export function botCheck(siteKey: string, src: string, container: HTMLElement, onUnavailable: () => void): BotCheck {
  let current: string | null = null;
  let widget: string | null = null;
  let api: Turnstile | null = null;
  void loadGlobalScript(src, () => window.turnstile).then((loaded) => {
    if (!loaded) return onUnavailable();
    api = loaded;
    widget = loaded.render(container, {
      sitekey: siteKey,
      callback: (token) => {
        current = token;
      },
      "expired-callback": () => {
        current = null;
      },
      "error-callback": () => {
        current = null;
      },
    });
  });
  return {
    token: () => current,
    reset() {
      current = null;
      if (api && widget !== null) api.reset(widget);
    },
  };
}
