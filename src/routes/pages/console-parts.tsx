import type { FC } from "hono/jsx";

// Pieces the operator console's pages (tenants, jobs) render alike.

/** A table's column headings, in order. */
export const ColumnHeads: FC<{ columns: string[] }> = ({ columns }) => (
  <thead>
    <tr>
      {columns.map((column) => (
        <th scope="col">{column}</th>
      ))}
    </tr>
  </thead>
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
