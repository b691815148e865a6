// The fields of a counter sale (design.md §32: a gift card or a package issued by hand): the person
// it is for, both optional (a sale at the desk may name nobody), and the required reason the audit
// keeps. Field ids and error keys follow the API's field names (`recipientName`, `buyerEmail`, ...).
import { TextField } from "../ui/kit";

export type Person = { name: string; email: string };
export type PersonField = "recipient" | "buyer";

/** The person's typed fields for the request body: trimmed, the empty ones left out. */
export function personBody(field: PersonField, person: Person): Record<string, string> {
  const body: Record<string, string> = {};
  if (person.name.trim()) body[`${field}Name`] = person.name.trim();
  if (person.email.trim()) body[`${field}Email`] = person.email.trim();
  return body;
}

export function PersonFields(p: {
  field: PersonField;
  labels: { name: string; email: string; emailHint: string };
  person: Person;
  onPerson: (person: Person) => void;
  errors: Record<string, string>;
  /** "off" where the person is not the member typing (the browser's own details would be wrong). */
  autocomplete?: string;
}) {
  return (
    <>
      <TextField
        id={`issue-${p.field}-name`}
        label={p.labels.name}
        maxLength={200}
        autocomplete={p.autocomplete}
        value={p.person.name}
        onValue={(name) => p.onPerson({ ...p.person, name })}
        error={p.errors[`${p.field}Name`]}
      />
      <TextField
        id={`issue-${p.field}-email`}
        label={p.labels.email}
        hint={p.labels.emailHint}
        type="email"
        autocomplete={p.autocomplete}
        value={p.person.email}
        onValue={(email) => p.onPerson({ ...p.person, email })}
        error={p.errors[`${p.field}Email`]}
      />
    </>
  );
}

export function ReasonField(p: { label: string; hint: string; value: string; onValue: (v: string) => void; error?: string }) {
  return (
    <TextField
      id="issue-reason"
      label={p.label}
      hint={p.hint}
      required
      maxLength={500}
      value={p.value}
      onValue={p.onValue}
      error={p.error}
    />
  );
}
