import type { Child } from "hono/jsx";
import { t } from "./i18n";
import { useState } from "hono/jsx/dom";

/**
 * The team's assistant (design.md §20, POST /api/ai/chat): a button in the app bar on every page.
 * The page frame says whether the platform has a model (`data-assistant`); without one the button
 * is not there, and an answer of 503 ai_unavailable removes it too. An operator's impersonation
 * shows it disabled (the route refuses impersonation). The conversation panel is its own module,
 * loaded on the first click, so pages do not carry it.
 */
export function AssistantLauncher(p: { readOnly: boolean }) {
  const [Panel, setPanel] = useState<null | ((q: { onClose: () => void; onUnavailable: () => void }) => Child)>(null);
  const [open, setOpen] = useState(false);
  const [gone, setGone] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  if (gone) return null;
  async function show() {
    setLoadFailed(false);
    if (!Panel) {
      try {
        const m = await import("./assistant-panel");
        setPanel(() => m.AssistantPanel);
      } catch {
        setLoadFailed(true);
        return;
      }
    }
    setOpen(true);
  }
  return (
    <div class="assistant-launch">
      <button
        type="button"
        id="assistant-open"
        class="assistant-button"
        disabled={p.readOnly}
        title={p.readOnly ? t("perm.readOnly") : undefined}
        aria-describedby={p.readOnly ? "assistant-why" : undefined}
        aria-expanded={open ? "true" : "false"}
        onClick={() => void show()}
      >
        {t("assistant.open")}
      </button>
      {p.readOnly ? (
        <span id="assistant-why" class="visually-hidden">
          {t("perm.readOnly")}
        </span>
      ) : null}
      {loadFailed ? (
        <span class="bar-error" role="alert">
          {t("assistant.loadFailed")}
        </span>
      ) : null}
      {open && Panel ? (
        <Panel
          onClose={() => setOpen(false)}
          onUnavailable={() => {
            setOpen(false);
            setGone(true);
          }}
        />
      ) : null}
    </div>
  );
}
