import type { Child } from "hono/jsx";
import { useEffect, useRef } from "hono/jsx/dom";
import { BOOKING_STATUSES, type BookingStatus } from "../../../shared/booking-values";
import { t } from "../shell/i18n";
import type { Gate } from "./permissions";
import type { Problem } from "./problems";

// The owner app's building blocks. Everything is text (hono/jsx/dom writes text nodes and
// attributes, never HTML); colours come from the design tokens in CSS. Form fields and the modal
// dialog live in their own files and are re-exported here, so every page imports one kit.
export { CheckField, MinutesField, type Option, SelectField, staffOptions, TextAreaField, TextField } from "./fields";
export { Dialog } from "./dialog";

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

/**
 * A panel's last lines: the outcome of its last action, then why some of its actions are not
 * offered, in this order on every panel whose actions share one outcome.
 */
export function PanelEnd(p: { problem: Problem | null; done: string; gates: Gate[]; id?: string }) {
  return (
    <>
      <Outcome problem={p.problem} done={p.done} id={p.id} />
      <GateNote gates={p.gates} />
    </>
  );
}

/** The one button under a list that fetches more of it ("Older messages", "Show all"). */
export function MoreRow(p: { label: string; busy: boolean; onMore: () => void }) {
  return (
    <div class="actions-row">
      <Button busy={p.busy} onClick={p.onMore}>
        {p.label}
      </Button>
    </div>
  );
}

/** A form's one submit button in its row, disabled with the reason when the viewer may not act. */
export function SubmitRow(p: { label: string; gate: Gate; busy: boolean }) {
  return (
    <div class="actions-row">
      <Button type="submit" kind="primary" gate={p.gate} busy={p.busy}>
        {p.label}
      </Button>
    </div>
  );
}

/** A list page's search or filter bar (`role="search"`): its fields, then the button that applies them. */
export function SearchForm(p: { label: string; submitLabel: string; onSearch: () => void; class?: string; children: Child }) {
  return (
    <form
      class={p.class ? `panel inline-form ${p.class}` : "panel inline-form"}
      role="search"
      aria-label={p.label}
      onSubmit={(e: Event) => {
        e.preventDefault();
        p.onSearch();
      }}
    >
      {p.children}
      <Button type="submit" kind="primary">
        {p.submitLabel}
      </Button>
    </form>
  );
}

/**
 * The two buttons that end a choice, in this order everywhere: the one that goes ahead (the form's
 * submit button when there is no `onGo`) and the one that backs out without doing anything.
 */
export function GoOrBack(p: {
  go: string;
  kind?: "primary" | "danger";
  busy?: boolean;
  gate?: Gate;
  onGo?: () => void;
  back: string;
  onBack: () => void;
}) {
  return (
    <div class="actions-row">
      <Button type={p.onGo ? "button" : "submit"} kind={p.kind ?? "primary"} gate={p.gate} busy={p.busy} onClick={p.onGo}>
        {p.go}
      </Button>
      <Button onClick={p.onBack}>{p.back}</Button>
    </div>
  );
}

/**
 * The end of a form that saves in place (a settings section, a customer's details): the outcome of
 * the last save, the one submit button, and why it is disabled, in the same order on every form.
 */
export function SaveRow(p: { label: string; gate: Gate; busy: boolean; problem: Problem | null; done: string }) {
  return (
    <>
      <Outcome problem={p.problem} done={p.done} />
      <SubmitRow label={p.label} gate={p.gate} busy={p.busy} />
      <GateNote gates={[p.gate]} />
    </>
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
 * A page view before its first answer (`useView`): why it failed, with Try again, or Loading. It is
 * the page's whole answer (`if (!d) return ...`): hono/jsx/dom leaves this nested component's node
 * behind when it is swapped out inside a list of children.
 */
export function ViewPending(p: { view: { problem: Problem | null; reload: () => void } }) {
  return p.view.problem ? <LoadFailed problem={p.view.problem} onRetry={p.view.reload} /> : <Loading />;
}

/** "Updating…" while a newer answer loads and the page keeps showing the last one. */
export function Updating() {
  return (
    <p class="muted small" role="status">
      {t("ui.updating")}
    </p>
  );
}

export const statusLabel = (s: string) => ((BOOKING_STATUSES as readonly string[]).includes(s) ? t(`status.${s as BookingStatus}`) : s);

export function StatusBadge(p: { status: string }) {
  return <span class={`status status-${p.status}`}>{statusLabel(p.status)}</span>;
}

/** Where a booking came from ("Walk-in", "Website widget"), in the app's language. */
export const sourceLabel = (s: string) => t("kit.source", { source: s });

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
