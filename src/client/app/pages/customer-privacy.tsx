// design.md §25 in the customer dialog: hand a customer their data (a JSON file), or erase them
// after a confirmation step (their upcoming bookings cancelled and refunded in full when asked).
import { useState } from "hono/jsx/dom";
import type { CustomerErased, CustomerExportData, OwnerCustomerDetail, Viewer } from "../../shared/api-types";
import { dataOf, errorCode } from "../../shared/http";
import { dayLabel, localParts } from "../lib/zoned";
import { api } from "../shell/api";
import { personName } from "../ui/format";
import { Button, CheckField, GateNote, Outcome, useMounted } from "../ui/kit";
import { gate } from "../ui/permissions";
import { type Problem, problemOf } from "../ui/problems";

const ACTIVE = new Set(["pending", "confirmed"]);

/** Saves `data` as a JSON file the owner can hand over (no server round trip for the file itself). */
function download(name: string, data: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

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
    setDone("Their data was saved as a file. Send it to them; it holds their bookings, payments and the messages we sent.");
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
        message: "They still have bookings ahead. Tick “Cancel their upcoming bookings” to cancel and refund them, then erase.",
        fields: {},
        retry: false,
      });
    }
    const erased = dataOf(a);
    if (!erased) return setProblem(problemOf(a));
    setConfirming(false);
    const cancelled = erased.cancelledBookingIds.length;
    setDone(
      `Erased.${cancelled ? ` ${cancelled} upcoming ${cancelled === 1 ? "booking was" : "bookings were"} cancelled and refunded in full.` : ""} Their bookings stay in your books as “Deleted customer”.`,
    );
    p.onErased();
  }

  if (c.erasedAt) {
    return (
      <section aria-labelledby="c-privacy">
        <h3 id="c-privacy">Personal data</h3>
        <p class="muted">This customer's personal data was erased on {dayLabel(localParts(c.erasedAt, p.tz).date)}.</p>
        <Outcome done={done} />
      </section>
    );
  }
  return (
    <section aria-labelledby="c-privacy">
      <h3 id="c-privacy">Personal data</h3>
      <p class="muted">A customer may ask for a copy of what you hold about them, or ask you to erase it.</p>
      <div class="actions-row">
        <Button gate={manage} busy={busy} onClick={() => void exportData()}>
          Download their data
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
          Erase customer…
        </Button>
      </div>
      {confirming ? (
        <div class="confirm-box" role="group" aria-labelledby="c-erase-title">
          <p id="c-erase-title">
            <strong>Erase {personName(c)} for good?</strong>
          </p>
          <p>
            Their name, e-mail, phone and your notes are removed and cannot be brought back. Messages waiting to be sent to them are
            dropped. Their bookings stay in your books, with times, services and amounts, as “Deleted customer”.
          </p>
          <CheckField
            id="c-cancel-upcoming"
            label="Cancel their upcoming bookings"
            checked={cancelUpcoming}
            onValue={setCancelUpcoming}
            hint={
              upcoming
                ? `They have ${upcoming} upcoming ${upcoming === 1 ? "booking" : "bookings"}: each is cancelled by you and refunded in full.`
                : "Only needed if they still have bookings ahead: each is cancelled by you and refunded in full."
            }
          />
          <div class="actions-row">
            <Button kind="danger" gate={manage} busy={busy} onClick={() => void erase()}>
              Erase for good
            </Button>
            <Button busy={busy} onClick={() => setConfirming(false)}>
              Keep this customer
            </Button>
          </div>
        </div>
      ) : null}
      <Outcome problem={problem} done={done} />
      <GateNote gates={[manage]} />
    </section>
  );
}
