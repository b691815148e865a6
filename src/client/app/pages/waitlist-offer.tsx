// The waitlist page's "Offer a time" (design.md §28): the owner picks a staff member and a time on
// the page's date; the customer gets the e-mail (and a text with consent) with a link that opens
// it. A time the customer could not book now is refused (409) and said in plain words.
import { useState } from "hono/jsx/dom";
import type { OwnerWaitlistEntry, WaitlistDayView } from "../../shared/api-types";
import { errorMessage } from "../../shared/http";
import { dayLabel } from "../lib/zoned";
import { api } from "../shell/api";
import { t } from "../shell/i18n";
import { FormDialog } from "../ui/form-dialog";
import { SelectField, staffOptions, TextField, useMounted } from "../ui/kit";
import { type Problem, problemOf } from "../ui/problems";

/** The first window's start on `date` ("HH:MM"), else 09:00. */
function firstTimeOn(entry: OwnerWaitlistEntry, date: string): string {
  const w = entry.windows.find((x) => x.start.startsWith(date));
  return w ? w.start.slice(11, 16) : "09:00";
}

export function OfferDialog(p: {
  entry: OwnerWaitlistEntry;
  view: WaitlistDayView;
  onClose: () => void;
  onOffered: (message: string) => void;
}) {
  const { entry, view } = p;
  const mounted = useMounted();
  const choices = entry.staff ? view.staff.filter((s) => s.id === entry.staff?.id) : view.staff.filter((s) => s.isBookable);
  const [staffId, setStaffId] = useState(entry.staff?.id ?? choices[0]?.id ?? "");
  const [time, setTime] = useState(firstTimeOn(entry, view.date));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const name = `${entry.customer.firstName} ${entry.customer.lastName}`.trim();

  async function submit(e: Event) {
    e.preventDefault();
    if (!staffId) return setProblem({ message: t("wl.chooseStaff"), fields: { staffProfileId: t("wl.chooseStaff") }, retry: false });
    if (!/^\d{2}:\d{2}$/.test(time))
      return setProblem({ message: t("wl.enterTime"), fields: { startDatetime: t("wl.enterTime") }, retry: false });
    setBusy(true);
    setProblem(null);
    const answer = await api<unknown>("POST", `/api/waitlist/${encodeURIComponent(entry.id)}/offer`, {
      staffProfileId: staffId,
      startDatetime: `${view.date}T${time}:00`,
    });
    if (!mounted.current) return;
    setBusy(false);
    if (answer.status === 201) {
      const staffName = view.staff.find((s) => s.id === staffId)?.displayName ?? "";
      return p.onOffered(t("wl.offered", { time, staff: staffName || "none", name }));
    }
    setProblem(
      problemOf(answer, {
        slot_taken: t("wl.slotTaken"),
        conflict: errorMessage(answer) ?? t("wl.notWaiting"),
      }),
    );
  }

  return (
    <FormDialog
      id="offer-dialog"
      title={t("wl.offerTo", { name })}
      submitLabel={t("wl.send")}
      busy={busy}
      problem={problem}
      onSubmit={(e) => void submit(e)}
      onClose={p.onClose}
    >
      <p class="muted">{t("wl.offerIntro", { service: entry.service.name, date: dayLabel(view.date) })}</p>
      {choices.length === 0 ? (
        <p class="error" role="alert">
          {t("wl.noStaff")}
        </p>
      ) : (
        <SelectField
          id="staffProfileId"
          label={t("wl.withLabel")}
          value={staffId}
          onValue={setStaffId}
          options={staffOptions(choices)}
          error={problem?.fields.staffProfileId}
          required
        />
      )}
      <TextField
        id="startDatetime"
        label={t("wl.time")}
        type="time"
        step={900}
        value={time}
        onValue={setTime}
        error={problem?.fields.startDatetime}
        required
      />
    </FormDialog>
  );
}
