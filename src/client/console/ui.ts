import type { OperatorTenantView, TenantListItem } from "../shared/api-types";
import { type Child, el } from "../shared/dom";
import { type ApiAnswer, errorDetails, errorMessage } from "../shared/http";

const DASH = "\u2014";
export type Cell = Child | Node;

/** A readable sentence for a failed operator request (validation problems by field). */
export function failureText(answer: ApiAnswer<unknown>): string {
  if (answer.status === 0) return "The service could not be reached. Check your connection and try again.";
  const details = errorDetails(answer);
  if (details) {
    const parts = [...Object.entries(details.fieldErrors).map(([k, v]) => `${k}: ${v.join(" ")}`), ...details.formErrors];
    if (parts.length) return parts.join(" ");
  }
  const message = errorMessage(answer);
  if (message) return message;
  if (answer.status === 429) return "Too many requests. Wait a minute and try again.";
  return `Something went wrong (HTTP ${answer.status}).`;
}

export const yesNo = (v: unknown) => (v ? "Yes" : "No");
export const joined = (parts: Array<string | null | undefined>, sep = " ") => parts.filter((x) => x).join(sep);

function cellContent(target: HTMLElement, value: Cell) {
  if (value instanceof Node) target.appendChild(value);
  else target.textContent = value == null || value === "" || value === false ? DASH : String(value);
}

/** A definition list of label/value rows (missing values read as a dash). */
export function details(rows: Array<[string, Cell]>): HTMLDListElement {
  const list = el("dl", { class: "details" });
  for (const [label, value] of rows) {
    const dd = el("dd");
    cellContent(dd, value);
    list.append(el("dt", { text: label }), dd);
  }
  return list;
}

/**
 * A table with a (visually hidden) caption and column headers. On small screens each row becomes
 * a card of "label: value" lines (CSS reads each cell's data-label), so nothing is squeezed.
 */
export function table(caption: string, headers: string[], rows: Cell[][]): HTMLDivElement {
  const head = el(
    "tr",
    {},
    headers.map((h) => el("th", { scope: "col", text: h })),
  );
  const body = el(
    "tbody",
    {},
    rows.map((cells) =>
      el(
        "tr",
        {},
        cells.map((c, i) => {
          const td = el("td", { "data-label": headers[i] });
          cellContent(td, c);
          return td;
        }),
      ),
    ),
  );
  return el("div", { class: "table-wrap" }, [
    el("table", {}, [el("caption", { class: "visually-hidden", text: caption }), el("thead", {}, [head]), body]),
  ]);
}

export function badge(label: string, kind = ""): HTMLSpanElement {
  return el("span", { class: `badge ${kind}`.trim(), text: label });
}

type TenantState = Pick<TenantListItem & OperatorTenantView, "isActive" | "isSuspended" | "trialEndsAt">;

/** Inactive, Suspended, Trial or Active, with the badge kind that colours it. */
export function tenantState(t: TenantState): [string, string] {
  if (!t.isActive) return ["Inactive", "bad"];
  if (t.isSuspended) return ["Suspended", "bad"];
  if (t.trialEndsAt && new Date(t.trialEndsAt).getTime() > Date.now()) return ["Trial", "info"];
  return ["Active", "good"];
}
