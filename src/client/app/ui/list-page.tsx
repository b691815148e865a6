import { useState } from "hono/jsx/dom";
import { api } from "../shell/api";
import { t } from "../shell/i18n";
import { Button, Dialog, GateNote, GoOrBack, Outcome } from "./kit";
import type { Gate } from "./permissions";
import { type Problem, problemOf } from "./problems";

/**
 * The state every catalog page (services, staff, resources) keeps around its list: which item a
 * dialog edits, deletes or gives time off, the last outcome, and `run` for the one-click changes
 * (answer 200 -> the message and a reload; anything else -> the problem next to the list).
 * Called before the page's first render returns, like any hook.
 */
export function useListPage<T>(reload: () => void) {
  const [editing, setEditing] = useState<T | "new" | null>(null);
  const [offFor, setOffFor] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState("");
  const [busy, setBusy] = useState(false);

  async function run(label: string, method: string, path: string, body?: unknown) {
    setBusy(true);
    setProblem(null);
    setDone("");
    const a = await api(method, path, body);
    setBusy(false);
    if (a.status !== 200) return setProblem(problemOf(a));
    setDone(label);
    reload();
  }
  /** A dialog saved: close it, say so, show the new list. */
  const saved = (message: string) => {
    setEditing(null);
    setOffFor(null);
    setDone(message);
    reload();
  };
  return { editing, setEditing, offFor, setOffFor, deleting, setDeleting, problem, done, busy, run, saved };
}

/**
 * A catalog page's top: what the page holds, its Add button, why actions are off, and the outcome of
 * the last one-click change (`useListPage`), in that order on services, staff and resources.
 */
export function ListHead(p: {
  intro: string;
  addLabel: string;
  gate: Gate;
  onAdd: () => void;
  problem: Problem | null;
  done: string;
  onRetry: () => void;
}) {
  return (
    <>
      <div class="page-head">
        <p class="muted">{p.intro}</p>
        <Button kind="primary" gate={p.gate} onClick={p.onAdd}>
          {p.addLabel}
        </Button>
      </div>
      <GateNote gates={[p.gate]} />
      <Outcome problem={p.problem} done={p.done} onRetry={p.onRetry} />
    </>
  );
}

/**
 * "Delete X?" for a catalog item: the dialog closes at once and the page's `run` sends the delete,
 * so its outcome shows next to the list like every other change of the page.
 */
export function DeleteDialog(p: {
  id: string;
  title: string;
  text: string;
  confirmLabel: string;
  keepLabel: string;
  busy?: boolean;
  onDelete: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog title={p.title} onClose={p.onClose} id={p.id}>
      <p>{p.text}</p>
      <GoOrBack
        go={p.confirmLabel}
        kind="danger"
        busy={p.busy}
        onGo={() => {
          p.onClose();
          p.onDelete();
        }}
        back={p.keepLabel}
        onBack={p.onClose}
      />
    </Dialog>
  );
}

/** Deactivate / Activate of a catalog item (a service, a resource), sent through the page's `run`. */
export function ActiveToggle(p: {
  item: { name: string; isActive: boolean };
  path: string;
  gate: Gate;
  busy: boolean;
  run: ReturnType<typeof useListPage>["run"];
  class?: string;
}) {
  const { name, isActive } = p.item;
  return (
    <Button
      class={p.class}
      gate={p.gate}
      busy={p.busy}
      label={t(isActive ? "svc.deactivateNamed" : "svc.activateNamed", { name })}
      onClick={() => void p.run(t("svc.activeNow", { name, active: isActive ? "no" : "yes" }), "PATCH", p.path, { isActive: !isActive })}
    >
      {t(isActive ? "svc.deactivate" : "svc.activate")}
    </Button>
  );
}
