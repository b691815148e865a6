import type { Child } from "hono/jsx";
import { useEffect, useRef } from "hono/jsx/dom";
import { BOOKING_STATUSES, type BookingStatus, SOURCE_LABELS } from "../../../shared/booking-values";
import { t } from "../shell/i18n";
import type { Gate } from "./permissions";
import type { Problem } from "./problems";

// The owner app's building blocks. Everything is text (hono/jsx/dom writes text nodes and
// attributes, never HTML); colours come from the design tokens in CSS.

type InputEvt = { target: EventTarget | null };
const inputValue = (e: InputEvt) => (e.target as HTMLInputElement).value;

/**
 * False once the component is gone. Check it after every await before setting state: in
 * hono/jsx/dom a state update on a removed component renders it again (a closed dialog reopens).
 */
export function useMounted(): { current: boolean } {
  const ref = useRef(true);
  useEffect(() => {
    ref.current = true;
    return () => {
      ref.current = false;
    };
  }, []);
  return ref;
}

type FieldProps = { id: string; label: string; error?: string; hint?: string; required?: boolean; class?: string };

function describedBy(p: FieldProps): string | undefined {
  const ids = [p.hint ? `${p.id}-hint` : "", p.error ? `${p.id}-error` : ""].filter(Boolean).join(" ");
  return ids || undefined;
}

function FieldFrame(p: FieldProps & { children: Child }) {
  return (
    <div class={`field ${p.class ?? ""}`.trim()}>
      <label for={p.id}>
        {p.label}
        {p.required ? <span class="muted small"> {t("kit.required")}</span> : null}
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
        id={p.id}
        name={p.id}
        type={p.type ?? "text"}
        value={p.value}
        autocomplete={p.autocomplete}
        maxlength={p.maxLength}
        min={p.min}
        max={p.max}
        step={p.step}
        inputmode={p.inputMode}
        placeholder={p.placeholder}
        required={p.required}
        disabled={p.disabled}
        aria-invalid={p.error ? "true" : undefined}
        aria-describedby={describedBy(p)}
        onInput={(e: InputEvt) => p.onValue(inputValue(e))}
      />
    </FieldFrame>
  );
}

export function TextAreaField(
  p: FieldProps & { value: string; onValue: (v: string) => void; rows?: number; maxLength?: number; disabled?: boolean },
) {
  return (
    <FieldFrame {...p}>
      <textarea
        id={p.id}
        name={p.id}
        rows={p.rows ?? 3}
        maxlength={p.maxLength}
        disabled={p.disabled}
        required={p.required}
        aria-invalid={p.error ? "true" : undefined}
        aria-describedby={describedBy(p)}
        value={p.value}
        onInput={(e: InputEvt) => p.onValue(inputValue(e))}
      />
    </FieldFrame>
  );
}

export type Option = { value: string; label: string };

export function SelectField(p: FieldProps & { value: string; onValue: (v: string) => void; options: Option[]; disabled?: boolean }) {
  return (
    <FieldFrame {...p}>
      <select
        id={p.id}
        name={p.id}
        value={p.value}
        disabled={p.disabled}
        required={p.required}
        aria-invalid={p.error ? "true" : undefined}
        aria-describedby={describedBy(p)}
        onChange={(e: InputEvt) => p.onValue((e.target as HTMLSelectElement).value)}
      >
        {p.options.map((o) => (
          <option value={o.value} selected={o.value === p.value}>
            {o.label}
          </option>
        ))}
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

type ButtonProps = {
  children: Child;
  onClick?: () => void;
  kind?: "primary" | "danger" | "plain" | "link";
  type?: "button" | "submit";
  disabled?: boolean;
  busy?: boolean;
  /** When a rule forbids the action: disabled, with the reason as its tooltip. */
  gate?: Gate;
  label?: string;
  id?: string;
  class?: string;
};

export function Button(p: ButtonProps) {
  const blocked = p.gate && !p.gate.allowed;
  const kind = p.kind && p.kind !== "plain" ? (p.kind === "link" ? "link-button" : p.kind) : "";
  return (
    <button
      id={p.id}
      type={p.type ?? "button"}
      class={`${kind} ${p.class ?? ""}`.trim() || undefined}
      disabled={p.disabled || p.busy || blocked}
      title={blocked ? p.gate?.reason : undefined}
      aria-label={p.label}
      aria-busy={p.busy ? "true" : undefined}
      onClick={p.onClick}
    >
      {p.children}
    </button>
  );
}

/** The reasons some actions are not offered, in words (staff role, read-only session). */
export function GateNote(p: { gates: Gate[] }) {
  const reasons = [...new Set(p.gates.filter((g) => !g.allowed).map((g) => g.reason))];
  if (!reasons.length) return null;
  return <p class="gate-note">{reasons.join(" ")}</p>;
}

/** The outcome of the last action, next to it: an error (with Retry when it may help) or a confirmation. */
export function Outcome(p: { problem?: Problem | null; done?: string; onRetry?: () => void; id?: string }) {
  if (p.problem) {
    return (
      <div class="error" role="alert" id={p.id}>
        <span>{p.problem.message}</span>
        {p.problem.retry && p.onRetry ? (
          <button type="button" class="retry" onClick={p.onRetry}>
            {t("ui.tryAgain")}
          </button>
        ) : null}
      </div>
    );
  }
  return (
    <p class="done" role="status" id={p.id}>
      {p.done ?? ""}
    </p>
  );
}

export function Empty(p: { title: string; children?: Child }) {
  return (
    <div class="empty">
      <p class="empty-title">{p.title}</p>
      {p.children ? <p class="muted">{p.children}</p> : null}
    </div>
  );
}

export function LoadFailed(p: { problem: Problem; onRetry: () => void }) {
  return (
    <div class="error load-failed" role="alert">
      <p>{p.problem.message}</p>
      <button type="button" onClick={p.onRetry}>
        {t("ui.tryAgain")}
      </button>
    </div>
  );
}

export function Loading(p: { label?: string }) {
  return (
    <p class="muted" role="status" data-loading="">
      {p.label ?? t("ui.loading")}
    </p>
  );
}

/**
 * A modal dialog (<dialog> + showModal: focus moves in, Escape closes, the page behind is inert).
 * Closing returns focus to where it was.
 */
export function Dialog(p: { title: string; onClose: () => void; children: Child; wide?: boolean; id?: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  const onClose = useRef(p.onClose);
  onClose.current = p.onClose;
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    const before = document.activeElement as HTMLElement | null;
    const cancel = (e: Event) => {
      e.preventDefault();
      d.close();
      onClose.current();
    };
    d.addEventListener("cancel", cancel);
    return () => {
      d.removeEventListener("cancel", cancel);
      if (d.open) d.close();
      before?.focus?.();
    };
  }, []);
  // Opened after every render in which it is closed: hono/jsx/dom may keep one component instance
  // for a dialog that is shown again, so a mount-only effect would leave it closed.
  useEffect(() => {
    const d = ref.current;
    if (!d || d.open || !d.isConnected) return;
    d.showModal();
    // Start at the first field (showModal would pick the close button).
    d.querySelector<HTMLElement>(
      ".dialog-body input:not([type=hidden]), .dialog-body select, .dialog-body textarea, .dialog-body button",
    )?.focus();
  });
  const headingId = `${p.id ?? "dialog"}-title`;
  // Closed here first: the page behind is usable at once, whatever re-renders next.
  const close = () => {
    ref.current?.close();
    onClose.current();
  };
  return (
    <dialog ref={ref} id={p.id} class={p.wide ? "app-dialog wide" : "app-dialog"} aria-labelledby={headingId}>
      <div class="dialog-head">
        <h2 id={headingId}>{p.title}</h2>
        <button type="button" class="icon-button" aria-label={t("ui.close")} onClick={close}>
          ×
        </button>
      </div>
      <div class="dialog-body">{p.children}</div>
    </dialog>
  );
}

export const statusLabel = (s: string) => ((BOOKING_STATUSES as readonly string[]).includes(s) ? t(`status.${s as BookingStatus}`) : s);

export function StatusBadge(p: { status: string }) {
  return <span class={`status status-${p.status}`}>{statusLabel(p.status)}</span>;
}

export const sourceLabel = (s: string) => (SOURCE_LABELS as Record<string, string>)[s] ?? s;

/** A label/value list. */
export function Facts(p: { rows: Array<[string, Child]> }) {
  return (
    <dl class="details">
      {p.rows.map(([k, v]) => (
        <>
          <dt>{k}</dt>
          <dd>{v === "" || v == null ? "\u2014" : v}</dd>
        </>
      ))}
    </dl>
  );
}
