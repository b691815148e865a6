// design.md §25 in the customer dialog: hand a customer their data (a JSON file), or erase them
// after a confirmation step (their upcoming bookings cancelled and refunded in full when asked).
import { useState } from "hono/jsx/dom";
import type { CustomerErased, CustomerExportData, OwnerCustomerDetail, Viewer } from "../../shared/api-types";
import { dataOf, errorCode } from "../../shared/http";
import { saveFile } from "../lib/save-file";
import { dayLabel, localParts } from "../lib/zoned";
import { api } from "../shell/api";
import { t } from "../shell/i18n";
import { personName } from "../ui/format";
import { Button, CheckField, Outcome, PanelEnd, useMounted } from "../ui/kit";
import { gate } from "../ui/permissions";
import { type Problem, problemOf } from "../ui/problems";

const ACTIVE = new Set(["pending", "confirmed"]);

/** Saves `data` as a JSON file the owner can hand over (no server round trip for the file itself). */
const download = (name: string, data: unknown) => saveFile(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }), name);

const fileName = (c: OwnerCustomerDetail) =>
  `customer-${
    personName(c)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || c.id
  }.json`;

export function CustomerPrivacy(p: { customer: OwnerCustomerDetail; viewer: Viewer; tz: string; onErased: () => void }) {
  const c = p.customer;
  const manage = gate(p.viewer, "manage");
  const mounted = useMounted();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [cancelUpcoming, setCancelUpcoming] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState("");
  // What the dialog already shows: the 20 most recent bookings. The server decides (409) either way.
  const upcoming = c.recentBookings.filter((b) => ACTIVE.has(b.status) && Date.parse(b.startDatetime) > Date.now()).length;

  async function exportData() {
    setBusy(true);
    setProblem(null);
    setDone("");
    const a = await api<CustomerExportData>("GET", `/api/customers/${encodeURIComponent(c.id)}/export`);
    if (!mounted.current) return;
    setBusy(false);
    const data = dataOf(a);
    if (!data) return setProblem(problemOf(a));
    download(fileName(c), data);
    setDone(t("cp.exported"));
  }

  async function erase() {
    setBusy(true);
    setProblem(null);
    const query = cancelUpcoming ? "?cancelUpcoming=true" : "";
    const a = await api<CustomerErased>("DELETE", `/api/customers/${encodeURIComponent(c.id)}${query}`);
    if (!mounted.current) return;
    setBusy(false);
    if (errorCode(a) === "customer_has_upcoming_bookings") {
      setCancelUpcoming(false);
      return setProblem({
        message: t("cp.hasUpcoming"),
        fields: {},
        retry: false,
      });
    }
    const erased = dataOf(a);
    if (!erased) return setProblem(problemOf(a));
    setConfirming(false);
    const cancelled = erased.cancelledBookingIds.length;
    setDone(t("cp.erasedDone", { count: cancelled }));
    p.onErased();
  }

  if (c.erasedAt) {
    return (
      <section aria-labelledby="c-privacy">
        <h3 id="c-privacy">{t("cp.heading")}</h3>
        <p class="muted">{t("cp.erasedOn", { date: dayLabel(localParts(c.erasedAt, p.tz).date) })}</p>
        <Outcome done={done} />
      </section>
    );
  }
  return (
    <section aria-labelledby="c-privacy">
      <h3 id="c-privacy">{t("cp.heading")}</h3>
      <p class="muted">{t("cp.intro")}</p>
      <div class="actions-row">
        <Button gate={manage} busy={busy} onClick={() => void exportData()}>
          {t("cp.download")}
        </Button>
        <Button
          kind="danger"
          gate={manage}
          busy={busy}
          onClick={() => {
            setDone("");
            setProblem(null);
            setConfirming(true);
          }}
        >
          {t("cp.erase")}
        </Button>
      </div>
      {confirming ? (
        <div class="confirm-box" role="group" aria-labelledby="c-erase-title">
          <p id="c-erase-title">
            <strong>{t("cp.eraseTitle", { name: personName(c) })}</strong>
          </p>
          <p>{t("cp.eraseText")}</p>
          <CheckField
            id="c-cancel-upcoming"
            label={t("cp.cancelUpcoming")}
            checked={cancelUpcoming}
            onValue={setCancelUpcoming}
            hint={upcoming ? t("cp.upcomingHint", { count: upcoming }) : t("cp.noUpcomingHint")}
          />
          <div class="actions-row">
            <Button kind="danger" gate={manage} busy={busy} onClick={() => void erase()}>
              {t("cp.eraseConfirm")}
            </Button>
            <Button busy={busy} onClick={() => setConfirming(false)}>
              {t("cp.keep")}
            </Button>
          </div>
        </div>
      ) : null}
      <PanelEnd problem={problem} done={done} gates={[manage]} />
    </section>
  );
}
