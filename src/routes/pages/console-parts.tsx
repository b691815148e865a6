import type { FC } from "hono/jsx";

// Pieces the operator console's pages (tenants, jobs) render alike.

/** A results table, hidden until the page's script fills its body (`bodyId`) with rows. */
export const ResultsTable: FC<{ id: string; class?: string; caption: string; columns: string[]; bodyId: string }> = (p) => (
  <div class="table-wrap">
    <table id={p.id} class={p.class} hidden>
      <caption class="visually-hidden">{p.caption}</caption>
      <thead>
        <tr>
          {p.columns.map((column) => (
            <th scope="col">{column}</th>
          ))}
        </tr>
      </thead>
      <tbody id={p.bodyId}></tbody>
    </table>
  </div>
);

/** A search form's choice with "Any" first: each option's value and label, in order. */
export const FilterSelect: FC<{ id: string; label: string; options: Record<string, string> }> = ({ id, label, options }) => (
  <div class="field">
    <label for={id}>{label}</label>
    <select id={id} name={id}>
      <option value="">Any</option>
      {Object.entries(options).map(([value, text]) => (
        <option value={value}>{text}</option>
      ))}
    </select>
  </div>
);
