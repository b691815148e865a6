import type { Child } from "hono/jsx";
import { useState } from "hono/jsx/dom";
import type { ApiAnswer } from "../../shared/http";
import { api } from "../shell/api";
import { t } from "../shell/i18n";
import { Dialog, GoOrBack, Outcome, useMounted } from "./kit";
import { type Problem, problemOf } from "./problems";

/**
 * A form's one request and its outcome: `busy` while it runs, the problem in plain words (field
 * errors keyed like the API's) when it fails, `done` with the answer when it succeeds. Nothing the
 * user typed is touched; a form closed meanwhile is left alone.
 */
export function useSubmit() {
  const mounted = useMounted();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  async function send<T>(method: string, path: string, body: unknown, done: (answer: ApiAnswer<T>) => void) {
    setBusy(true);
    setProblem(null);
    const a = await api<T>(method, path, body);
    if (!mounted.current) return;
    setBusy(false);
    if (a.status === 200 || a.status === 201) return done(a);
    setProblem(problemOf(a));
  }
  /** Refuses before sending: the fields' messages, and one sentence for the form. */
  const refuse = (fields: Record<string, string>, message = t("problem.fields")) => setProblem({ message, fields, retry: false });
  return { busy, problem, fields: problem?.fields ?? {}, send, refuse };
}

/** A dialog holding one form: its fields, the outcome, then the submit button and Close. */
export function FormDialog(p: {
  id: string;
  title: string;
  wide?: boolean;
  submitLabel: string;
  busy: boolean;
  problem: Problem | null;
  onSubmit: (e: Event) => void;
  onClose: () => void;
  children: Child;
}) {
  return (
    <Dialog title={p.title} onClose={p.onClose} wide={p.wide} id={p.id}>
      <form onSubmit={p.onSubmit} novalidate>
        {p.children}
        <Outcome problem={p.problem} />
        <GoOrBack go={p.submitLabel} busy={p.busy} back={t("kit.close")} onBack={p.onClose} />
      </form>
    </Dialog>
  );
}

/** A confirmation whose one button sends one request (a delete): the outcome of a refusal stays in the dialog. */
export function ConfirmDialog(p: {
  id: string;
  title: string;
  confirmLabel: string;
  method: string;
  path: string;
  onClose: () => void;
  onDone: () => void;
  children: Child;
}) {
  const s = useSubmit();
  return (
    <FormDialog
      id={p.id}
      title={p.title}
      submitLabel={p.confirmLabel}
      busy={s.busy}
      problem={s.problem}
      onSubmit={(e: Event) => {
        e.preventDefault();
        void s.send(p.method, p.path, undefined, () => p.onDone());
      }}
      onClose={p.onClose}
    >
      {p.children}
    </FormDialog>
  );
}
