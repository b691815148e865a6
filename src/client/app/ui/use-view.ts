import { useEffect, useRef, useState } from "hono/jsx/dom";
import { dataOf } from "../../shared/http";
import type { Locale } from "../../../shared/i18n/locales";
import { api } from "../shell/api";
import { followLocale } from "../shell/i18n";
import { type Problem, problemOf } from "./problems";

export type ViewState<T> = {
  data: T | null;
  problem: Problem | null;
  loading: boolean;
  /** Loads the same path again (after a change, or "Try again"). */
  reload: () => void;
};

/**
 * A page's data: GET `path` (one of the page views), again whenever the path changes. What was
 * shown stays on screen while a new answer loads; an older answer never overwrites a newer one.
 */
export function useView<T>(path: string, onData?: (data: T) => void): ViewState<T> {
  const [data, setData] = useState<T | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const seq = useRef(0);
  const callback = useRef(onData);
  callback.current = onData;
  useEffect(() => {
    const mine = ++seq.current;
    setLoading(true);
    void api<T>("GET", path).then((answer) => {
      if (mine !== seq.current) return;
      const got = dataOf(answer);
      setLoading(false);
      if (got) {
        // design.md §30: every view names the member's language; a page in another one reloads in it.
        const v = got as { viewer?: { locale: Locale | null }; business?: { locale: Locale } };
        if (v.viewer && v.business) followLocale(v.viewer, v.business);
        setData(got);
        setProblem(null);
        callback.current?.(got);
      } else if (answer.status !== 401) {
        setProblem(problemOf(answer));
      }
    });
  }, [path, tick]);
  return { data, problem, loading, reload: () => setTick((t) => t + 1) };
}

export type RecordState<T> = { data: T | null; problem: Problem | null; reload: () => void };

/**
 * One record a dialog shows (a booking, a customer): GET `path`, again on `reload()`, a missing one
 * answered with the dialog's own `notFound` words. An answer that arrives after the dialog closed is
 * dropped: updating a component that is gone would bring it back (hono/jsx/dom re-renders the node
 * it was given).
 */
export function useRecord<T>(path: string, page: string, notFound: string, onData?: (data: T) => void): RecordState<T> {
  const [data, setData] = useState<T | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [tick, setTick] = useState(0);
  const callback = useRef(onData);
  callback.current = onData;
  useEffect(() => {
    let live = true;
    void api<T>("GET", path, undefined, { page }).then((answer) => {
      if (!live) return;
      const got = dataOf(answer);
      if (got) {
        setData(got);
        callback.current?.(got);
        setProblem(null);
      } else if (answer.status !== 401) setProblem(problemOf(answer, { not_found: notFound }));
    });
    return () => {
      live = false;
    };
  }, [path, tick]);
  return { data, problem, reload: () => setTick((n) => n + 1) };
}
