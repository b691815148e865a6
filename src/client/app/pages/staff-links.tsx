// A staff card's links to the outside (design.md §17): the team member who gets this person's
// booking e-mails, and the private calendar feed of their bookings (its address is shown only when
// it is made; making a new one stops the old one).
import { useState } from "hono/jsx/dom";
import type { AppBusiness, OwnerMember, StaffCard, Viewer } from "../../shared/api-types";
import { dataOf } from "../../shared/http";
import { api } from "../shell/api";
import { CopyBox } from "../ui/copy";
import { personName } from "../ui/format";
import { Button, GateNote, Outcome, SelectField, useMounted } from "../ui/kit";
import { gate } from "../ui/permissions";
import { type Problem, problemOf } from "../ui/problems";

export function StaffLinks(p: { staff: StaffCard; members: OwnerMember[]; business: AppBusiness; viewer: Viewer; reload: () => void }) {
  const manage = gate(p.viewer, "manage");
  const mounted = useMounted();
  const s = p.staff;
  const [userId, setUserId] = useState(s.userId ?? "");
  const [feedUrl, setFeedUrl] = useState<string | null>(null);
  const [confirmReplace, setConfirmReplace] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState("");
  const linked = p.members.find((m) => m.id === s.userId);
  const choices = [
    { value: "", label: "Nobody" },
    ...p.members.filter((m) => m.isActive || m.id === s.userId).map((m) => ({ value: m.id, label: `${personName(m)} (${m.email})` })),
  ];
  const id = `staff-${s.id}`;

  async function link(e: Event) {
    e.preventDefault();
    if ((s.userId ?? "") === userId) return setDone("Nothing changed.");
    setBusy(true);
    setProblem(null);
    setDone("");
    const a = await api("PATCH", `/api/staff/${encodeURIComponent(s.id)}`, { userId: userId || null });
    if (!mounted.current) return;
    setBusy(false);
    if (a.status !== 200) return setProblem(problemOf(a));
    setDone(userId ? "Saved: that team member now gets this person's booking e-mails." : "Saved: nobody is linked.");
    p.reload();
  }

  async function makeFeed() {
    setConfirmReplace(false);
    setBusy(true);
    setProblem(null);
    setDone("");
    const a = await api<{ url: string }>("POST", `/api/staff/${encodeURIComponent(s.id)}/calendar-feed`);
    if (!mounted.current) return;
    setBusy(false);
    const got = dataOf(a);
    if (!got) return setProblem(problemOf(a));
    setFeedUrl(got.url);
    p.reload();
  }

  return (
    <div class="staff-links">
      <h3>Booking e-mails</h3>
      <p class="small">
        {linked
          ? `${personName(linked)} (${linked.email}) gets an e-mail for each new, moved and cancelled booking with ${s.displayName}.`
          : `No team member is linked: only the business's address gets ${s.displayName}'s booking e-mails.`}
      </p>
      <form class="inline-form" onSubmit={(e: Event) => void link(e)} novalidate>
        <SelectField
          id={`${id}-user`}
          label={`Team member for ${s.displayName}`}
          value={userId}
          onValue={setUserId}
          options={choices}
          error={problem?.fields.userId}
          disabled={!manage.allowed}
        />
        <Button type="submit" gate={manage} busy={busy}>
          Save link
        </Button>
      </form>
      <h3>Calendar feed</h3>
      <p class="small">
        {s.hasCalendarFeed
          ? "A private calendar link is active. Its address was shown when it was made; make a new one if it is lost (the old one then stops working)."
          : `No calendar link yet. With one, ${s.displayName}'s bookings appear in Google Calendar, Apple Calendar or Outlook.`}
      </p>
      {feedUrl ? (
        <CopyBox id={`${id}-feed`} label={`Calendar link for ${s.displayName}`} value={feedUrl} onDismiss={() => setFeedUrl(null)}>
          <p>
            Add it to a calendar app as a subscription (“From URL”). It is shown only now, and anyone with it sees these bookings: share it
            only with {s.displayName}.
          </p>
        </CopyBox>
      ) : null}
      {confirmReplace ? (
        <div class="confirm-box" role="group" aria-label={`Replace the calendar link of ${s.displayName}`}>
          <p>Make a new link? Calendars subscribed to the current one stop updating.</p>
          <div class="actions-row">
            <Button kind="danger" busy={busy} onClick={() => void makeFeed()}>
              Yes, make a new link
            </Button>
            <Button onClick={() => setConfirmReplace(false)}>Keep the current one</Button>
          </div>
        </div>
      ) : (
        <div class="actions-row">
          <Button
            gate={manage}
            busy={busy}
            label={`${s.hasCalendarFeed ? "Make a new calendar link" : "Make a calendar link"} for ${s.displayName}`}
            onClick={() => (s.hasCalendarFeed ? setConfirmReplace(true) : void makeFeed())}
          >
            {s.hasCalendarFeed ? "Make a new calendar link" : "Make a calendar link"}
          </Button>
        </div>
      )}
      <Outcome problem={problem} done={done} />
      <GateNote gates={[manage]} />
    </div>
  );
}
