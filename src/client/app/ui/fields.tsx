import type { Child } from "hono/jsx";
import { t } from "../shell/i18n";

// The owner app's form fields: a label, the control, its hint and its error, tied together for
// assistive technology (aria-describedby, aria-invalid). Text only, never HTML.

type InputEvt = { target: EventTarget | null };
const inputValue = (e: InputEvt) => (e.target as HTMLInputElement).value;

type FieldProps = { id: string; label: string; error?: string; hint?: string; required?: boolean; class?: string };

function describedBy(p: FieldProps): string | undefined {
  const ids = [p.hint ? `${p.id}-hint` : "", p.error ? `${p.id}-error` : ""].filter(Boolean).join(" ");
  return ids || undefined;
}

/** What every control of a labelled field carries: its name, whether it is required or off, and its hint and error. */
function controlAttrs(p: FieldProps & { disabled?: boolean }) {
  return {
    id: p.id,
    name: p.id,
    required: p.required,
    disabled: p.disabled,
    "aria-invalid": p.error ? "true" : undefined,
    "aria-describedby": describedBy(p),
  };
}

function FieldFrame(p: FieldProps & { children: Child }) {
  return (
    <div class={`field ${p.class ?? ""}`.trim()}>
      <label for={p.id}>
        {p.label}
        {p.required ? <span class="muted small">{` ${t("kit.required")}`}</span> : null}
      </label>
      {p.children}
      {p.hint ? (
        <p id={`${p.id}-hint`} class="hint">
          {p.hint}
        </p>
      ) : null}
      {p.error ? (
        <p id={`${p.id}-error`} class="field-error">
          {p.error}
        </p>
      ) : null}
    </div>
  );
}

export function TextField(
  p: FieldProps & {
    value: string;
    onValue: (v: string) => void;
    type?: string;
    autocomplete?: string;
    maxLength?: number;
    min?: string | number;
    max?: string | number;
    step?: string | number;
    disabled?: boolean;
    inputMode?: "text" | "email" | "none" | "search" | "url" | "decimal" | "numeric" | "tel";
    placeholder?: string;
  },
) {
  return (
    <FieldFrame {...p}>
      <input
        {...controlAttrs(p)}
        type={p.type ?? "text"}
        value={p.value}
        autocomplete={p.autocomplete}
        maxlength={p.maxLength}
        min={p.min}
        max={p.max}
        step={p.step}
        inputmode={p.inputMode}
        placeholder={p.placeholder}
        onInput={(e: InputEvt) => p.onValue(inputValue(e))}
      />
    </FieldFrame>
  );
}

/** A length of time in minutes, typed in 5-minute steps (a service's length, its processing time). */
export function MinutesField(p: FieldProps & { value: string; onValue: (v: string) => void }) {
  return <TextField {...p} type="number" min={5} step={5} />;
}

export function TextAreaField(
  p: FieldProps & { value: string; onValue: (v: string) => void; rows?: number; maxLength?: number; disabled?: boolean },
) {
  return (
    <FieldFrame {...p}>
      <textarea
        {...controlAttrs(p)}
        rows={p.rows ?? 3}
        maxlength={p.maxLength}
        value={p.value}
        onInput={(e: InputEvt) => p.onValue(inputValue(e))}
      />
    </FieldFrame>
  );
}

export type Option = { value: string; label: string };

/** Staff members as a select's options, by the name clients see. */
export const staffOptions = (staff: Array<{ id: string; displayName: string }>): Option[] =>
  staff.map((s) => ({ value: s.id, label: s.displayName }));

/** A select's <option>s with the current one selected (a plain list, not a component: the select's own children). */
export const optionList = (options: Option[], current: string | null) =>
  options.map((o) => (
    <option value={o.value} selected={o.value === current}>
      {o.label}
    </option>
  ));

export function SelectField(p: FieldProps & { value: string; onValue: (v: string) => void; options: Option[]; disabled?: boolean }) {
  return (
    <FieldFrame {...p}>
      <select {...controlAttrs(p)} value={p.value} onChange={(e: InputEvt) => p.onValue((e.target as HTMLSelectElement).value)}>
        {optionList(p.options, p.value)}
      </select>
    </FieldFrame>
  );
}

export function CheckField(p: {
  id: string;
  label: string;
  checked: boolean;
  onValue: (v: boolean) => void;
  hint?: string;
  disabled?: boolean;
}) {
  return (
    <div class="field check-field">
      <input
        id={p.id}
        name={p.id}
        type="checkbox"
        checked={p.checked}
        disabled={p.disabled}
        aria-describedby={p.hint ? `${p.id}-hint` : undefined}
        onChange={(e: InputEvt) => p.onValue((e.target as HTMLInputElement).checked)}
      />
      <label for={p.id}>{p.label}</label>
      {p.hint ? (
        <p id={`${p.id}-hint`} class="hint">
          {p.hint}
        </p>
      ) : null}
    </div>
  );
}
