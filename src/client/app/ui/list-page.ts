import { useState } from "hono/jsx/dom";
import { api } from "../shell/api";
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
