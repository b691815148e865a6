import { useState } from "hono/jsx/dom";
import type { AppBusiness, OwnerBookingDetail } from "../../shared/api-types";
import { localParts } from "../lib/zoned";
import { api } from "../shell/api";
import { t } from "../shell/i18n";
import { CheckField, GoOrBack, Outcome, SelectField, staffOptions, TextAreaField, TextField, useMounted } from "../ui/kit";
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
    <form class="sub-form" onSubmit={submit} aria-label={t("mv.cancelForm")}>
      <TextAreaField
        id="cancel-reason"
        label={t("mv.reason")}
        value={reason}
        onValue={setReason}
        maxLength={500}
        error={problem?.fields.reason}
      />
      <Outcome problem={problem} />
      <GoOrBack go={t("mv.yesCancel")} kind="danger" busy={busy} back={t("mv.keep")} onBack={p.onBack} />
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
  const staffName = p.staff.find((s) => s.id === staffId)?.displayName ?? t("mv.thisStaff");

  async function submit(e: Event) {
    e.preventDefault();
    if (!date || !time) return setProblem({ message: t("mv.chooseWhen"), fields: {}, retry: false });
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
        slot_taken: override ? t("mv.busy", { staff: staffName }) : t("mv.notOffered", { staff: staffName }),
      }),
    );
  }
  const f = problem?.fields ?? {};
  return (
    <form class="sub-form" onSubmit={submit} aria-label={t("mv.form")}>
      <div class="form-grid">
        <SelectField
          id="move-staff"
          label={t("mv.staff")}
          value={staffId}
          onValue={setStaffId}
          options={staffOptions(p.staff)}
          error={f.staffProfileId}
        />
        <TextField id="move-date" label={t("mv.date")} type="date" value={date} onValue={setDate} required />
        <TextField
          id="move-time"
          label={t("mv.time")}
          type="time"
          step={300}
          value={time}
          onValue={setTime}
          required
          error={f.newStartDatetime}
        />
      </div>
      <CheckField id="move-override" label={t("mv.override")} hint={t("mv.overrideHint")} checked={override} onValue={setOverride} />
      <Outcome problem={problem} />
      <GoOrBack go={t("mv.submit")} busy={busy} back={t("mv.back")} onBack={p.onBack} />
    </form>
  );
}
