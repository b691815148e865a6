// The waitlist page's "Offer a time" (design.md §28): the owner picks a staff member and a time on
// the page's date; the customer gets the e-mail (and a text with consent) with a link that opens
// it. A time the customer could not book now is refused (409) and said in plain words.
import { useState } from "hono/jsx/dom";
import type { OwnerWaitlistEntry, WaitlistDayView } from "../../shared/api-types";
import { errorMessage } from "../../shared/http";
import { dayLabel } from "../lib/zoned";
import { api } from "../shell/api";
import { FormDialog } from "../ui/form-dialog";
import { SelectField, TextField, useMounted } from "../ui/kit";
import { type Problem, problemOf } from "../ui/problems";

const SLOT_TAKEN =
  "The customer could not book this time now: it is taken, outside working hours, or this staff member does not offer the service online. Pick another time.";

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
    if (!staffId)
      return setProblem({ message: "Choose a staff member.", fields: { staffProfileId: "Choose a staff member." }, retry: false });
    if (!/^\d{2}:\d{2}$/.test(time))
      return setProblem({ message: "Enter a time.", fields: { startDatetime: "Enter a time." }, retry: false });
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
      return p.onOffered(`Offered ${time}${staffName ? ` with ${staffName}` : ""} to ${name}. We sent them a link to book it.`);
    }
    setProblem(
      problemOf(answer, {
        slot_taken: SLOT_TAKEN,
        conflict: errorMessage(answer) ?? "This customer is no longer waiting, so nothing was offered.",
      }),
    );
  }

  return (
    <FormDialog
      id="offer-dialog"
      title={`Offer a time to ${name}`}
      submitLabel="Send the offer"
      busy={busy}
      problem={problem}
      onSubmit={(e) => void submit(e)}
      onClose={p.onClose}
    >
      <p class="muted">
        {entry.service.name} on {dayLabel(view.date)}. The customer gets an e-mail with a link to book it; the first to book a time gets it.
      </p>
      {choices.length === 0 ? (
        <p class="error" role="alert">
          No staff member who takes bookings can see this customer, so there is no time to offer. Check the Staff page.
        </p>
      ) : (
        <SelectField
          id="staffProfileId"
          label="With"
          value={staffId}
          onValue={setStaffId}
          options={choices.map((s) => ({ value: s.id, label: s.displayName }))}
          error={problem?.fields.staffProfileId}
          required
        />
      )}
      <TextField
        id="startDatetime"
        label="Time"
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
