import { escapeHtml } from "../../lib/html";
import { DEFAULT_ACCENT, INK, readableInk, readableTextOn, safeHexColor } from "../../shared/color";

/**
 * One layout for the e-mails about bookings (design.md §17, issue #19 item 6): a plain-text part
 * and an HTML part built from the same blocks, the business's name in a band of its colour, every
 * value escaped in HTML. Mail clients ignore <style> blocks and external CSS, so styles are inline;
 * the colour reaches them only as a validated hex (safeHexColor).
 */

export type Brand = { name: string; accent: string };

export type MailBlock =
  | { kind: "p"; text: string }
  | { kind: "details"; rows: [label: string, value: string][] }
  | { kind: "button"; label: string; url: string };

export type Layout = {
  brand: Brand;
  heading: string;
  blocks: MailBlock[];
  footer: string;
  /** design.md §30: the e-mail's language (`<html lang>`) and its words around a button's link. */
  language?: string;
  openLink?: string;
};

function textOf(l: Layout): string {
  const parts: string[] = [l.brand.name, "", l.heading, ""];
  for (const b of l.blocks) {
    if (b.kind === "p") parts.push(b.text, "");
    else if (b.kind === "details") parts.push(...b.rows.map(([k, v]) => `${k}: ${v}`), "");
    else parts.push(`${b.label}: ${b.url}`, "");
  }
  parts.push("--", l.footer);
  return parts.join("\n");
}

function htmlOf(l: Layout): string {
  const accent = safeHexColor(l.brand.accent, DEFAULT_ACCENT);
  const onAccent = readableTextOn(accent);
  const ink = readableInk(accent);
  const e = escapeHtml;
  const body = l.blocks
    .map((b) => {
      if (b.kind === "p") return `<p style="margin:0 0 16px">${e(b.text).replace(/\n/g, "<br>")}</p>`;
      if (b.kind === "details")
        return (
          `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px;width:100%">` +
          b.rows
            .map(
              ([k, v]) =>
                `<tr><th scope="row" align="left" style="padding:6px 12px 6px 0;color:#4b5563;font-weight:600;vertical-align:top;white-space:nowrap">${e(k)}</th>` +
                `<td style="padding:6px 0;vertical-align:top">${e(v)}</td></tr>`,
            )
            .join("") +
          `</table>`
        );
      return (
        `<p style="margin:8px 0 20px"><a href="${e(b.url)}" style="display:inline-block;background:${accent};color:${onAccent};` +
        `text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:600">${e(b.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:12px;color:#6b7280">${e(l.openLink ?? "Or open this link:")} <a href="${e(b.url)}" style="color:${ink}">${e(b.url)}</a></p>`
      );
    })
    .join("");
  return (
    `<!doctype html><html lang="${e(l.language ?? "en")}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(l.heading)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f3f4f6;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;line-height:1.5;color:${INK}">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden">` +
    `<tr><td style="background:${accent};color:${onAccent};padding:16px 24px;font-size:18px;font-weight:700">${e(l.brand.name)}</td></tr>` +
    `<tr><td style="padding:24px"><h1 style="margin:0 0 16px;font-size:20px;color:${INK}">${e(l.heading)}</h1>${body}</td></tr>` +
    `<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;color:#6b7280;font-size:12px">${e(l.footer)}</td></tr>` +
    `</table></td></tr></table></body></html>`
  );
}

export function renderLayout(l: Layout): { text: string; html: string } {
  return { text: textOf(l), html: htmlOf(l) };
}
