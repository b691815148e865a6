import type { Child } from "hono/jsx";
import { Button } from "./kit";
import type { Gate } from "./permissions";

// A list page's table (design.md §15): a caption for screen readers, one header per column, and each
// cell labelled with its column so the 375 px layout (cards, app.css) can name it. Every table of the
// owner app is this one component, so the card layout and the captions cannot drift apart page by page.

export type Column<T> = {
  label: string;
  cell: (row: T, index: number) => Child;
  /** The header is for assistive technology only (an actions column). */
  hiddenLabel?: boolean;
  /** The cell's label at 375 px when the header's words are too long for a card. */
  shortLabel?: string;
};

export type DataTableProps<T> = {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  /** The caption shows (one of several tables in a panel); by default it is for screen readers only. */
  captionShown?: boolean;
  /** The first column names its row (`<th scope="row">`): a report's period, staff member or service. */
  rowHeader?: boolean;
  /** A class for a row, e.g. `muted-row` for what is inactive or cancelled. */
  rowClass?: (row: T) => string | undefined;
  class?: string;
  /** No scrolling box of its own: the caller's frame is one (a report's Figure). */
  bare?: boolean;
};

export function DataTable<T>(p: DataTableProps<T>) {
  const table = (
    <table class={p.class}>
      <caption class={p.captionShown ? undefined : "visually-hidden"}>{p.caption}</caption>
      <thead>
        <tr>
          {p.columns.map((c) => (
            <th scope="col">{c.hiddenLabel ? <span class="visually-hidden">{c.label}</span> : c.label}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {p.rows.map((row, i) => (
          <tr class={p.rowClass?.(row)}>
            {p.columns.map((c, n) =>
              p.rowHeader && n === 0 ? (
                <th scope="row">{c.cell(row, i)}</th>
              ) : (
                <td data-label={c.shortLabel ?? c.label}>{c.cell(row, i)}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return p.bare ? table : <div class="table-wrap">{table}</div>;
}

export type RowAction = { text: string; label: string; onClick: () => void; danger?: boolean };

/** A row's buttons, each named for its row (`label`) and disabled with the reason when the viewer may not act. */
export function RowActions(p: { gate: Gate; actions: RowAction[] }) {
  return (
    <span class="row-actions">
      {p.actions.map((a) => (
        <Button gate={p.gate} kind={a.danger ? "danger" : undefined} onClick={a.onClick} label={a.label}>
          {a.text}
        </Button>
      ))}
    </span>
  );
}
