import { TextField } from "./fields";

// A customer's name and phone, typed by the team: the new-booking dialog and the customer's details
// hold the same fields with the API's limits (first and last name 100 characters, phone 40).

export type NameAndPhone = { firstName: string; lastName: string; phone: string };

const FIELDS = [
  { key: "firstName", id: "first", maxLength: 100 },
  { key: "lastName", id: "last", maxLength: 100 },
  { key: "phone", id: "phone", maxLength: 40, type: "tel" },
] as const;

/** The three fields (ids `${prefix}-first`, `-last`, `-phone`) for the form's grid. */
export function NameAndPhoneFields<T extends NameAndPhone>(p: {
  prefix: string;
  labels: { first: string; last: string; phone: string };
  value: T;
  onValue: (value: T) => void;
  errors: Partial<Record<keyof NameAndPhone, string>>;
  firstRequired?: boolean;
  disabled?: boolean;
  /** "off" where the customer is not the member typing (the browser's own details would be wrong). */
  autocomplete?: string;
}) {
  return (
    <>
      {FIELDS.map((f) => (
        <TextField
          id={`${p.prefix}-${f.id}`}
          label={p.labels[f.id]}
          type={"type" in f ? f.type : undefined}
          required={f.key === "firstName" ? p.firstRequired : undefined}
          value={p.value[f.key]}
          onValue={(v) => p.onValue({ ...p.value, [f.key]: v })}
          maxLength={f.maxLength}
          error={p.errors[f.key]}
          disabled={p.disabled}
          autocomplete={p.autocomplete}
        />
      ))}
    </>
  );
}
