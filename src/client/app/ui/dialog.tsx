import type { Child } from "hono/jsx";
import { useEffect, useRef } from "hono/jsx/dom";
import { t } from "../shell/i18n";

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
