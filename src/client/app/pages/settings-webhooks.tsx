import { useEffect, useRef, useState } from "hono/jsx/dom";
import { WEBHOOK_EVENT_TYPES } from "../../../shared/webhook-events";
import type { SettingsView, WebhookDelivery, WebhookEndpoint } from "../../shared/api-types";
import { dataOf } from "../../shared/http";
import { whenLabel } from "../lib/zoned";
import { api } from "../shell/api";
import { Button, GateNote, Outcome, TextField } from "../ui/kit";
import { gate } from "../ui/permissions";
import { type Problem, problemOf } from "../ui/problems";

/** Outbound webhooks: endpoints (the secret is shown once, at creation), their delivery log and redelivery. */
export function Webhooks(p: { view: SettingsView; onChanged: () => void }) {
  const manage = gate(p.view.viewer, "manage");
  const tz = p.view.business.timezone;
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<string[]>(["*"]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState("");
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<string | null>(null);

  async function add(e: Event) {
    e.preventDefault();
    if (!url.trim())
      return setProblem({ message: "Enter the address that receives the events.", fields: { url: "Enter a URL" }, retry: false });
    if (!events.length) return setProblem({ message: "Choose at least one event.", fields: {}, retry: false });
    setBusy(true);
    setProblem(null);
    const a = await api<WebhookEndpoint & { secret: string }>("POST", "/api/businesses/me/webhooks", { url: url.trim(), events });
    setBusy(false);
    const made = dataOf(a, 201);
    if (!made) return setProblem(problemOf(a, { conflict: "This business has the most endpoints allowed (10). Delete one first." }));
    setSecret({ url: made.url, secret: made.secret });
    setUrl("");
    setDone("");
    p.onChanged();
  }
  async function remove(id: string) {
    setBusy(true);
    const a = await api("DELETE", `/api/businesses/me/webhooks/${id}`);
    setBusy(false);
    setConfirmDelete(null);
    if (a.status !== 200) return setProblem(problemOf(a));
    setDone("Endpoint deleted, with its delivery log.");
    p.onChanged();
  }
  const toggle = (t: string, on: boolean) => {
    if (t === "*") return setEvents(on ? ["*"] : []);
    const rest = events.filter((x) => x !== "*" && x !== t);
    setEvents(on ? [...rest, t] : rest);
  };
  return (
    <section class="panel" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">Webhooks</h2>
      <p class="muted">Your own systems can be told about bookings: we send a signed POST to each address for the events it follows.</p>
      {p.view.webhooks.length === 0 ? (
        <p class="muted">No endpoints yet.</p>
      ) : (
        <ul class="endpoints">
          {p.view.webhooks.map((w) => (
            <li>
              <div class="endpoint-head">
                <span class="code endpoint-url">{w.url}</span>
                <span class="muted small">{w.events.includes("*") ? "All events" : w.events.join(", ")}</span>
              </div>
              <div class="row-actions">
                <Button
                  class="small-button"
                  onClick={() => setLogOf(logOf === w.id ? null : w.id)}
                  label={`${logOf === w.id ? "Hide deliveries" : "Deliveries"} to ${w.url}`}
                >
                  {logOf === w.id ? "Hide deliveries" : "Deliveries"}
                </Button>
                {confirmDelete === w.id ? (
                  <>
                    <Button class="small-button" kind="danger" busy={busy} onClick={() => void remove(w.id)}>
                      Yes, delete
                    </Button>
                    <Button class="small-button" onClick={() => setConfirmDelete(null)}>
                      Keep
                    </Button>
                  </>
                ) : (
                  <Button class="small-button" kind="danger" gate={manage} onClick={() => setConfirmDelete(w.id)} label={`Delete ${w.url}`}>
                    Delete
                  </Button>
                )}
              </div>
              {logOf === w.id ? <DeliveryLog endpointId={w.id} tz={tz} canRedeliver={manage.allowed} /> : null}
            </li>
          ))}
        </ul>
      )}
      {secret ? (
        <div class="notice" role="status">
          <p>Endpoint added. Its signing secret is shown only now: store it where your system checks signatures.</p>
          <label for="wh-secret">Signing secret for {secret.url}</label>
          <input id="wh-secret" class="copy-box" readonly value={secret.secret} />
        </div>
      ) : null}
      <form onSubmit={add} novalidate class="sub-form" aria-labelledby="wh-add-title">
        <h3 id="wh-add-title">Add an endpoint</h3>
        <TextField
          id="wh-url"
          label="Address (https://…)"
          type="url"
          value={url}
          onValue={setUrl}
          error={problem?.fields.url}
          disabled={!manage.allowed}
        />
        <fieldset class="choices">
          <legend>Events</legend>
          <div class="choice-row">
            {["*", ...WEBHOOK_EVENT_TYPES].map((t) => (
              <label>
                <input
                  type="checkbox"
                  checked={events.includes(t)}
                  disabled={!manage.allowed}
                  onChange={(e: Event) => toggle(t, (e.target as HTMLInputElement).checked)}
                />
                {t === "*" ? "All events" : t}
              </label>
            ))}
          </div>
        </fieldset>
        <div class="actions-row">
          <Button type="submit" kind="primary" gate={manage} busy={busy}>
            Add endpoint
          </Button>
        </div>
      </form>
      <Outcome problem={problem} done={done} />
      <GateNote gates={[manage]} />
    </section>
  );
}

const DELIVERY_STATUS: Record<string, string> = { pending: "Waiting", sending: "Sending", delivered: "Delivered", failed: "Failed" };

function DeliveryLog(p: { endpointId: string; tz: string; canRedeliver: boolean }) {
  const [rows, setRows] = useState<WebhookDelivery[] | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState("");
  const live = useRef(true);
  const load = async () => {
    const a = await api<WebhookDelivery[]>("GET", `/api/businesses/me/webhooks/${p.endpointId}/deliveries?limit=20`, undefined, {
      page: "/app/settings/webhook",
    });
    if (!live.current) return;
    const got = dataOf(a);
    setRows(got);
    setProblem(got ? null : problemOf(a));
  };
  useEffect(() => {
    void load();
    return () => {
      live.current = false;
    };
  }, []);
  async function redeliver(id: string) {
    const a = await api("POST", `/api/businesses/me/webhooks/${p.endpointId}/deliveries/${id}/redeliver`);
    if (a.status !== 200) return setProblem(problemOf(a));
    setDone("Sent again: it is queued now.");
    void load();
  }
  if (problem) return <Outcome problem={problem} onRetry={() => void load()} />;
  if (!rows) return <p class="muted small">Loading deliveries…</p>;
  if (!rows.length) return <p class="muted small">Nothing sent to this address yet.</p>;
  return (
    <div class="delivery-log">
      <p class="done" role="status">
        {done}
      </p>
      <div class="table-wrap">
        <table>
          <caption class="visually-hidden">Latest deliveries</caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">When</th>
              <th scope="col">Result</th>
              <th scope="col">Tries</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr>
                <td data-label="Event">{r.eventType}</td>
                <td data-label="When">{whenLabel(r.createdAt, p.tz)}</td>
                <td data-label="Result">
                  {DELIVERY_STATUS[r.status] ?? r.status}
                  {r.lastStatusCode ? ` (HTTP ${r.lastStatusCode})` : ""}
                  {r.lastError && r.status !== "delivered" ? ` · ${r.lastError}` : ""}
                </td>
                <td data-label="Tries">{r.attempts}</td>
                <td data-label="Actions">
                  <Button
                    class="small-button"
                    disabled={!p.canRedeliver}
                    onClick={() => void redeliver(r.id)}
                    label={`Send again: ${r.eventType}, ${whenLabel(r.createdAt, p.tz)}`}
                  >
                    Send again
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
