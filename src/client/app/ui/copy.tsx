import type { Child } from "hono/jsx";
import { useState } from "hono/jsx/dom";
import { t } from "../shell/i18n";
import { Button } from "./kit";

/**
 * A value to copy (a secret shown once, a private link): read-only, selected on focus, with a
 * Copy button. When the clipboard is refused the value is selected and the words say what to press.
 */
export function CopyBox(p: { id: string; label: string; value: string; children?: Child; onDismiss?: () => void; dismissLabel?: string }) {
  const [done, setDone] = useState("");
  async function copy() {
    try {
      await navigator.clipboard.writeText(p.value);
      setDone(t("set.copied"));
    } catch {
      (document.getElementById(p.id) as HTMLInputElement | null)?.select();
      setDone(t("set.pressCopy"));
    }
  }
  return (
    <div class="notice copy-once">
      {p.children}
      <label for={p.id}>{p.label}</label>
      <input id={p.id} class="copy-box" readonly value={p.value} onFocus={(e: Event) => (e.target as HTMLInputElement).select()} />
      <div class="actions-row">
        <Button onClick={() => void copy()}>{t("set.copy")}</Button>
        {p.onDismiss ? <Button onClick={p.onDismiss}>{p.dismissLabel ?? t("set.done")}</Button> : null}
      </div>
      <p class="done" role="status">
        {done}
      </p>
    </div>
  );
}
