import type { Child } from "hono/jsx";
import { useState } from "hono/jsx/dom";
import type { OwnerBusiness, SettingsView, Viewer } from "../../shared/api-types";
import type { AppKey } from "../../../shared/i18n/app/en";
import { api } from "../shell/api";
import { t } from "../shell/i18n";
import { CheckField, SelectField, TextAreaField, TextField, SaveRow } from "../ui/kit";
import { gate } from "../ui/permissions";
import { type Problem, problemOf } from "../ui/problems";

export type Values = Record<string, string | boolean>;

/** What every settings section gets (./settings-registry.tsx): its page's settings view, and `reload` after a change. */
export type SectionProps = { view: SettingsView; reload: () => void };

export type FieldSpec = {
  key: keyof OwnerBusiness;
  label: string;
  /** "list": whole numbers separated by commas (an array in the API, e.g. reminderHours). */
  kind?: "text" | "textarea" | "number" | "list" | "check" | "color" | "select" | "email" | "url" | "tel";
  options?: Array<{ value: string; label: string }>;
  hint?: string;
  max?: number;
  span?: boolean;
};

/**
 * A catalog sentence with elements inside it ("… are set under {link}."): each language places them
 * where its grammar wants, so the sentence is formatted with markers and the elements put at them.
 */
export function sentenceWith(key: AppKey, nodes: Record<string, Child>): Child[] {
  const marked = t(key, Object.fromEntries(Object.keys(nodes).map((name) => [name, `\u0000${name}\u0000`])));
  return marked.split("\u0000").map((part, i) => (i % 2 === 1 ? (nodes[part] ?? part) : part));
}

/** A settings section's panel, named by its heading (`${id}-title`) for assistive technology. */
export function SettingsPanel(p: { id: string; title: string; children: Child }) {
  return (
    <section class="panel" aria-labelledby={`${p.id}-title`}>
      <h2 id={`${p.id}-title`}>{p.title}</h2>
      {p.children}
    </section>
  );
}

/** A business value as a form value (text fields hold strings, checkboxes booleans). */
function formValue(b: OwnerBusiness, f: FieldSpec): string | boolean {
  const v = b[f.key];
  if (f.kind === "check") return Boolean(v);
  if (Array.isArray(v)) return v.join(", ");
  return v == null ? "" : String(v);
}

const listParts = (v: string) => v.split(/[\s,;]+/).filter(Boolean);

/** Client-side checks of number fields: the message shown next to the field, or "". */
function numberProblem(f: FieldSpec, v: string | boolean): string {
  if (f.kind === "number" && !/^\d+$/.test(String(v))) return t("set.wholeNumber");
  if (f.kind === "list" && !listParts(String(v)).every((x) => /^\d+$/.test(x))) return t("set.wholeNumbers");
  return "";
}

/** The API's error for a field, or for one of a list field's items ("reminderHours.1"). */
function fieldError(errors: Record<string, string>, key: string): string | undefined {
  return errors[key] ?? Object.entries(errors).find(([k]) => k.startsWith(`${key}.`))?.[1];
}

/** A form value as the API wants it; `null` frees a custom domain or an image. */
function apiValue(f: FieldSpec, v: string | boolean): unknown {
  if (f.kind === "check") return v;
  if (f.kind === "number") return Number(v);
  if (f.kind === "list") return listParts(String(v)).map(Number);
  if ((f.key === "customDomain" || f.key === "coverImageUrl") && v === "") return null;
  return typeof v === "string" ? v.trim() : v;
}

/**
 * A settings section's Save: PATCH /api/businesses/me with what the section sends, then `done` and
 * `onSaved`; a refusal (the section's own checks, `refuse`, or the server's) shows as `problem`.
 * `messages` words the API's error codes the section can meet (see problemOf).
 */
export function useBusinessSave(onSaved: () => void, messages: Record<string, string>) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState("");
  async function send(body: Record<string, unknown>) {
    setBusy(true);
    setProblem(null);
    const a = await api("PATCH", "/api/businesses/me", body);
    setBusy(false);
    if (a.status !== 200) return setProblem(problemOf(a, messages));
    setDone(t("set.saved"));
    onSaved();
  }
  const refuse = (fields: Record<string, string>) => setProblem({ message: t("problem.fields"), fields, retry: false });
  return { busy, problem, done, setDone, fields: problem?.fields ?? {}, send, refuse };
}

/**
 * One settings panel of business fields with its own Save: only the changed fields are sent
 * (PATCH /api/businesses/me), field errors show next to their fields, the outcome next to Save,
 * and what was typed stays when the server refuses.
 */
export function BusinessForm(p: {
  id: string;
  title: string;
  /** The Save button's words ("Save profile"): a lowercased title reads wrong in German. */
  save: string;
  intro?: Child;
  fields: FieldSpec[];
  business: OwnerBusiness;
  viewer: Viewer;
  onSaved: () => void;
  preview?: (values: Values) => Child;
}) {
  const initial = Object.fromEntries(p.fields.map((f) => [f.key, formValue(p.business, f)])) as Values;
  const [values, setValues] = useState<Values>(initial);
  const { busy, problem, done, setDone, fields: f, send, refuse } = useBusinessSave(p.onSaved, { conflict: t("set.domainTaken") });
  const manage = gate(p.viewer, "manage");
  const set = (k: string, v: string | boolean) => {
    setValues({ ...values, [k]: v });
    setDone("");
  };

  async function save(e: Event) {
    e.preventDefault();
    const changes: Record<string, unknown> = {};
    for (const f of p.fields) if (values[f.key] !== formValue(p.business, f)) changes[f.key] = apiValue(f, values[f.key]);
    if (!Object.keys(changes).length) return setDone(t("set.nothingChanged"));
    const wrong = Object.fromEntries(
      p.fields.filter((f) => f.key in changes && numberProblem(f, values[f.key])).map((f) => [f.key, numberProblem(f, values[f.key])]),
    );
    if (Object.keys(wrong).length) return refuse(wrong);
    await send(changes);
  }
  const off = !manage.allowed;
  return (
    <SettingsPanel id={p.id} title={p.title}>
      {p.intro}
      <form onSubmit={save} novalidate>
        <div class="form-grid">
          {p.fields.map((field) => {
            const id = `${p.id}-${field.key}`;
            const v = values[field.key];
            const common = { id, label: field.label, hint: field.hint, error: fieldError(f, field.key), disabled: off };
            if (field.kind === "check")
              return (
                <CheckField
                  id={id}
                  label={field.label}
                  hint={field.hint}
                  checked={v === true}
                  onValue={(x) => set(field.key, x)}
                  disabled={off}
                />
              );
            if (field.kind === "textarea")
              return (
                <TextAreaField
                  {...common}
                  class="span-2"
                  value={String(v)}
                  onValue={(x) => set(field.key, x)}
                  maxLength={field.max}
                  rows={4}
                />
              );
            if (field.kind === "select")
              return <SelectField {...common} value={String(v)} onValue={(x) => set(field.key, x)} options={field.options ?? []} />;
            return (
              <TextField
                {...common}
                class={field.span ? "span-2" : undefined}
                type={field.kind === "list" ? "text" : (field.kind ?? "text")}
                value={String(v)}
                onValue={(x) => set(field.key, x)}
                maxLength={field.max}
                min={field.kind === "number" ? 0 : undefined}
              />
            );
          })}
        </div>
        {p.preview?.(values)}
        <SaveRow label={p.save} gate={manage} busy={busy} problem={problem} done={done} />
      </form>
    </SettingsPanel>
  );
}
