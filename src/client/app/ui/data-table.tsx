import type { Child } from "hono/jsx";
import { Button } from "./kit";
import type { Gate } from "./permissions";

// A list page's table (design.md §15): a caption for screen readers, one header per column, and each
// cell labelled with its column so the 375 px layout (cards, app.css) can name it.

export type Column<T> = {
  label: string;
  cell: (row: T) => Child;
  /** The header is for assistive technology only (an actions column). */
  hiddenLabel?: boolean;
};

export function DataTable<T>(p: { caption: string; columns: Column<T>[]; rows: T[] }) {
  return (
    <div class="table-wrap">
      <table>
        <caption class="visually-hidden">{p.caption}</caption>
        <thead>
          <tr>
            {p.columns.map((c) => (
              <th scope="col">{c.hiddenLabel ? <span class="visually-hidden">{c.label}</span> : c.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {p.rows.map((row) => (
            <tr>
              {p.columns.map((c) => (
                <td data-label={c.label}>{c.cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
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
