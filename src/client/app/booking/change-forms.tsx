import { useState } from "hono/jsx/dom";
import type { AppBusiness, OwnerBookingDetail } from "../../shared/api-types";
import { localParts } from "../lib/zoned";
import { api } from "../shell/api";
import { Button, CheckField, Outcome, SelectField, TextAreaField, TextField, useMounted } from "../ui/kit";
import { type Problem, problemOf } from "../ui/problems";

export type StaffChoice = { id: string; displayName: string };

/** Cancelling asks for an optional reason (quoted in the customer's e-mail) and a second click. */
export function CancelForm(p: { id: string; onDone: () => void; onBack: () => void }) {
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const mounted = useMounted();
  const [problem, setProblem] = useState<Problem | null>(null);
  async function submit(e: Event) {
    e.preventDefault();
    setBusy(true);
    const a = await api("POST", `/api/bookings/${encodeURIComponent(p.id)}/cancel`, { reason: reason.trim() || null });
    if (!mounted.current) return;
    setBusy(false);
    if (a.status === 200) p.onDone();
    else setProblem(problemOf(a));
  }
  return (
    <form class="sub-form" onSubmit={submit} aria-label="Cancel the booking">
      <TextAreaField
        id="cancel-reason"
        label="Reason (optional, told to the customer)"
        value={reason}
        onValue={setReason}
        maxLength={500}
        error={problem?.fields.reason}
      />
      <Outcome problem={problem} />
      <div class="actions-row">
        <Button type="submit" kind="danger" busy={busy}>
          Yes, cancel it
        </Button>
        <Button onClick={p.onBack}>Keep the booking</Button>
      </div>
    </form>
  );
}

/**
 * Moving a booking: staff member, date and a start time on 5-minute steps. An offered slot moves
 * as is; a time outside the offered slots needs "outside the offered times" and must still be free.
 */
export function RescheduleForm(p: {
  detail: OwnerBookingDetail;
  business: AppBusiness;
  staff: StaffChoice[];
  onDone: () => void;
  onBack: () => void;
}) {
  const start = localParts(p.detail.startDatetime, p.business.timezone);
  const [staffId, setStaffId] = useState(p.detail.staff.id);
  const [date, setDate] = useState(start.date);
  const [time, setTime] = useState(start.time);
  const [override, setOverride] = useState(false);
  const [busy, setBusy] = useState(false);
  const mounted = useMounted();
  const [problem, setProblem] = useState<Problem | null>(null);
  const staffName = p.staff.find((s) => s.id === staffId)?.displayName ?? "this staff member";

  async function submit(e: Event) {
    e.preventDefault();
    if (!date || !time) return setProblem({ message: "Choose a date and a start time.", fields: {}, retry: false });
    setBusy(true);
    const a = await api("POST", `/api/bookings/${encodeURIComponent(p.detail.id)}/reschedule`, {
      newStartDatetime: `${date}T${time}:00`,
      staffProfileId: staffId,
      override,
    });
    if (!mounted.current) return;
    setBusy(false);
    if (a.status === 200) return p.onDone();
    setProblem(
      problemOf(a, {
        slot_taken: override
          ? `${staffName} already has a booking or time off then. Pick another time.`
          : `That time is not offered (outside working hours, off the 15-minute grid, or taken). If ${staffName} is free then, tick “Move outside the offered times”.`,
      }),
    );
  }
  const f = problem?.fields ?? {};
  return (
    <form class="sub-form" onSubmit={submit} aria-label="Move the booking">
      <div class="form-grid">
        <SelectField
          id="move-staff"
          label="Staff member"
          value={staffId}
          onValue={setStaffId}
          options={p.staff.map((s) => ({ value: s.id, label: s.displayName }))}
          error={f.staffProfileId}
        />
        <TextField id="move-date" label="Date" type="date" value={date} onValue={setDate} required />
        <TextField
          id="move-time"
          label="Start time"
          type="time"
          step={300}
          value={time}
          onValue={setTime}
          required
          error={f.newStartDatetime}
        />
      </div>
      <CheckField
        id="move-override"
        label="Move outside the offered times"
        hint="Outside working hours or between the quarter-hours; never over another booking or time off."
        checked={override}
        onValue={setOverride}
      />
      <Outcome problem={problem} />
      <div class="actions-row">
        <Button type="submit" kind="primary" busy={busy}>
          Move booking
        </Button>
        <Button onClick={p.onBack}>Back</Button>
      </div>
    </form>
  );
}
