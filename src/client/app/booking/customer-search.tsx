import { useEffect, useRef, useState } from "hono/jsx/dom";
import type { OwnerCustomer } from "../../shared/api-types";
import { dataOf } from "../../shared/http";
import { api } from "../shell/api";
import { t } from "../shell/i18n";
import { personName } from "../ui/format";
import { Outcome, TextField } from "../ui/kit";
import { type Problem, problemOf } from "../ui/problems";

/** Finds an existing customer by name, e-mail or phone (the customers list's search), as you type. */
export function CustomerSearch(p: { onPick: (c: OwnerCustomer) => void }) {
  const [q, setQ] = useState("");
  const [results, setResults] = useState<OwnerCustomer[] | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const seq = useRef(0);
  useEffect(() => {
    const term = q.trim();
    if (term.length < 2) {
      setResults(null);
      return;
    }
    const mine = ++seq.current;
    const timer = setTimeout(async () => {
      const a = await api<OwnerCustomer[]>("GET", `/api/customers?limit=8&search=${encodeURIComponent(term)}`);
      if (mine !== seq.current) return;
      const got = dataOf(a);
      setProblem(got ? null : problemOf(a));
      setResults(got);
    }, 250);
    return () => {
      clearTimeout(timer);
      seq.current++; // an answer still on its way is dropped (also when the dialog closes)
    };
  }, [q]);
  return (
    <div class="customer-search">
      <TextField id="nb-search" label={t("nbc.label")} type="search" value={q} onValue={setQ} hint={t("nbc.hint")} autocomplete="off" />
      {problem ? <Outcome problem={problem} /> : null}
      {results && results.length === 0 ? <p class="muted small">{t("nbc.none", { search: q.trim() })}</p> : null}
      {results?.length ? (
        <ul class="search-results" aria-label={t("nbc.results")}>
          {results.map((c) => (
            <li>
              <button type="button" onClick={() => p.onPick(c)}>
                <strong>{personName(c)}</strong> <span class="muted small">{[c.phone, c.email].filter(Boolean).join(" · ")}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
