import type { Child, FC } from "hono/jsx";
import { ASSET_URLS } from "./asset-urls";

type DocumentProps = {
  title: string;
  nonce: string;
  /** A validated `:root{...}` rule (see theme.ts); goes into a nonce'd <style>. */
  themeCss?: string;
  bodyClass?: string;
  /** data-* attributes the page script reads (values are attribute-escaped by hono/jsx). */
  data?: Record<string, string>;
  scripts?: string[];
  /** ES module scripts (the owner app) and the chunks they import, preloaded in parallel. */
  modules?: string[];
  preload?: string[];
  /** Stylesheets after the shared one (the owner app's). */
  styles?: string[];
  /** design.md §30: the page's language (`<html lang>`) and its skip link's words; English by default. */
  lang?: string;
  skipLabel?: string;
  children?: Child;
};

/** Every page's shell: viewport for small screens, one stylesheet, scripts as hashed files (CSP 'self'). */
export const Document: FC<DocumentProps> = (p) => {
  const { title, nonce, themeCss, bodyClass, data, scripts, modules, preload, styles, children } = p;
  const dataAttrs: Record<string, string> = {};
  for (const [k, v] of Object.entries(data ?? {})) dataAttrs[`data-${k}`] = v;
  return (
    <html lang={p.lang ?? "en"}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <link rel="icon" href="data:," />
        <link rel="stylesheet" href={ASSET_URLS.css} />
        {(styles ?? []).map((href) => (
          <link rel="stylesheet" href={href} />
        ))}
        {(preload ?? []).map((href) => (
          <link rel="modulepreload" href={href} />
        ))}
        {themeCss ? <style nonce={nonce}>{themeCss}</style> : null}
      </head>
      <body class={bodyClass} {...dataAttrs}>
        <a class="skip-link" href="#main">
          {p.skipLabel ?? "Skip to content"}
        </a>
        {children}
        {(scripts ?? []).map((src) => (
          <script src={src} defer></script>
        ))}
        {(modules ?? []).map((src) => (
          <script type="module" src={src}></script>
        ))}
      </body>
    </html>
  );
};

/** Full HTML text of a page, doctype included. */
export async function renderPage(node: unknown): Promise<string> {
  // hono/jsx nodes render on toString(), which is async when a component is.
  const html = await (node as { toString(): string | Promise<string> }).toString();
  return `<!DOCTYPE html>${html}`;
}

/** A plain message page (404, 503, and the like). */
export const MessagePage: FC<{
  title: string;
  nonce: string;
  heading: string;
  themeCss?: string;
  lang?: string;
  skipLabel?: string;
  children?: Child;
}> = (p) => (
  <Document title={p.title} nonce={p.nonce} themeCss={p.themeCss} bodyClass="centered message-page" lang={p.lang} skipLabel={p.skipLabel}>
    <main id="main" class="card">
      <h1>{p.heading}</h1>
      {p.children}
    </main>
  </Document>
);
