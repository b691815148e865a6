// A staff card's links to the outside (design.md §17): the team member who gets this person's
// booking e-mails, and the private calendar feed of their bookings (its address is shown only when
// it is made; making a new one stops the old one).
import { useState } from "hono/jsx/dom";
import type { AppBusiness, OwnerMember, StaffCard, Viewer } from "../../shared/api-types";
import { dataOf } from "../../shared/http";
import { api } from "../shell/api";
import { t } from "../shell/i18n";
import { CopyBox } from "../ui/copy";
import { personName } from "../ui/format";
import { Button, GoOrBack, PanelEnd, SelectField, useMounted } from "../ui/kit";
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
    { value: "", label: t("svc.nobody") },
    ...p.members
      .filter((m) => m.isActive || m.id === s.userId)
      .map((m) => ({ value: m.id, label: t("stf.memberChoice", { name: personName(m), email: m.email }) })),
  ];
  const id = `staff-${s.id}`;

  async function link(e: Event) {
    e.preventDefault();
    if ((s.userId ?? "") === userId) return setDone(t("stf.nothingChanged"));
    setBusy(true);
    setProblem(null);
    setDone("");
    const a = await api("PATCH", `/api/staff/${encodeURIComponent(s.id)}`, { userId: userId || null });
    if (!mounted.current) return;
    setBusy(false);
    if (a.status !== 200) return setProblem(problemOf(a));
    setDone(userId ? t("stf.linkSaved") : t("stf.unlinked"));
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
      <h3>{t("stf.emails")}</h3>
      <p class="small">
        {linked
          ? t("stf.linked", { member: personName(linked), email: linked.email, name: s.displayName })
          : t("stf.notLinked", { name: s.displayName })}
      </p>
      <form class="inline-form" onSubmit={(e: Event) => void link(e)} novalidate>
        <SelectField
          id={`${id}-user`}
          label={t("stf.memberFor", { name: s.displayName })}
          value={userId}
          onValue={setUserId}
          options={choices}
          error={problem?.fields.userId}
          disabled={!manage.allowed}
        />
        <Button type="submit" gate={manage} busy={busy}>
          {t("stf.saveLink")}
        </Button>
      </form>
      <h3>{t("stf.feed")}</h3>
      <p class="small">{s.hasCalendarFeed ? t("stf.feedActive") : t("stf.noFeed", { name: s.displayName })}</p>
      {feedUrl ? (
        <CopyBox id={`${id}-feed`} label={t("stf.feedLabel", { name: s.displayName })} value={feedUrl} onDismiss={() => setFeedUrl(null)}>
          <p>{t("stf.feedShown", { name: s.displayName })}</p>
        </CopyBox>
      ) : null}
      {confirmReplace ? (
        <div class="confirm-box" role="group" aria-label={t("stf.replaceLabel", { name: s.displayName })}>
          <p>{t("stf.replaceText")}</p>
          <GoOrBack
            go={t("stf.replaceYes")}
            kind="danger"
            busy={busy}
            onGo={() => void makeFeed()}
            back={t("stf.replaceKeep")}
            onBack={() => setConfirmReplace(false)}
          />
        </div>
      ) : (
        <div class="actions-row">
          <Button
            gate={manage}
            busy={busy}
            label={t(s.hasCalendarFeed ? "stf.newFeedNamed" : "stf.makeFeedNamed", { name: s.displayName })}
            onClick={() => (s.hasCalendarFeed ? setConfirmReplace(true) : void makeFeed())}
          >
            {t(s.hasCalendarFeed ? "stf.newFeed" : "stf.makeFeed")}
          </Button>
        </div>
      )}
      <PanelEnd problem={problem} done={done} gates={[manage]} />
    </div>
  );
}
