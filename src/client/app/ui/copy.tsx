import type { Child } from "hono/jsx";
import { useState } from "hono/jsx/dom";
import { Button } from "./kit";

/**
 * A value to copy (a secret shown once, a private link): read-only, selected on focus, with a
 * Copy button. When the clipboard is refused the value is selected and the words say what to press.
 */
/** The box's own words, for a page already in the member's language (design.md §30); English otherwise. */
export type CopyWords = { copy: string; copied: string; byHand: string };
const ENGLISH: CopyWords = { copy: "Copy", copied: "Copied.", byHand: "Press Ctrl+C (or Cmd+C) to copy the selected text." };

export function CopyBox(p: {
  id: string;
  label: string;
  value: string;
  children?: Child;
  onDismiss?: () => void;
  dismissLabel?: string;
  words?: CopyWords;
}) {
  const w = p.words ?? ENGLISH;
  const [done, setDone] = useState("");
  async function copy() {
    try {
      await navigator.clipboard.writeText(p.value);
      setDone(w.copied);
    } catch {
      (document.getElementById(p.id) as HTMLInputElement | null)?.select();
      setDone(w.byHand);
    }
  }
  return (
    <div class="notice copy-once">
      {p.children}
      <label for={p.id}>{p.label}</label>
      <input id={p.id} class="copy-box" readonly value={p.value} onFocus={(e: Event) => (e.target as HTMLInputElement).select()} />
      <div class="actions-row">
        <Button onClick={() => void copy()}>{w.copy}</Button>
        {p.onDismiss ? <Button onClick={p.onDismiss}>{p.dismissLabel ?? "Done"}</Button> : null}
      </div>
      <p class="done" role="status">
        {done}
      </p>
    </div>
  );
}
