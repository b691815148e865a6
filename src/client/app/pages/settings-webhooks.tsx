import { useEffect, useRef, useState } from "hono/jsx/dom";
import type { AppKey } from "../../../shared/i18n/app/en";
import { WEBHOOK_EVENT_TYPES } from "../../../shared/webhook-events";
import type { SettingsView, WebhookDelivery, WebhookEndpoint } from "../../shared/api-types";
import { dataOf } from "../../shared/http";
import { whenLabel } from "../lib/zoned";
import { api } from "../shell/api";
import { t } from "../shell/i18n";
import { DataTable } from "../ui/data-table";
import { Button, Outcome, PanelEnd, SubmitRow, TextField } from "../ui/kit";
import { gate } from "../ui/permissions";
import { type Problem, problemOf } from "../ui/problems";
import { SettingsPanel } from "./settings-form";

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
    if (!url.trim()) return setProblem({ message: t("set.wh.enterAddress"), fields: { url: t("set.wh.enterUrl") }, retry: false });
    if (!events.length) return setProblem({ message: t("set.wh.chooseEvent"), fields: {}, retry: false });
    setBusy(true);
    setProblem(null);
    const a = await api<WebhookEndpoint & { secret: string }>("POST", "/api/businesses/me/webhooks", { url: url.trim(), events });
    setBusy(false);
    const made = dataOf(a, 201);
    if (!made) return setProblem(problemOf(a, { conflict: t("set.wh.tooMany") }));
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
    setDone(t("set.wh.deleted"));
    p.onChanged();
  }
  const toggle = (type: string, on: boolean) => {
    if (type === "*") return setEvents(on ? ["*"] : []);
    const rest = events.filter((x) => x !== "*" && x !== type);
    setEvents(on ? [...rest, type] : rest);
  };
  return (
    <SettingsPanel id="webhooks" title={t("set.sec.webhooks")}>
      <p class="muted">{t("set.wh.intro")}</p>
      {p.view.webhooks.length === 0 ? (
        <p class="muted">{t("set.wh.none")}</p>
      ) : (
        <ul class="endpoints">
          {p.view.webhooks.map((w) => (
            <li>
              <div class="endpoint-head">
                <span class="code endpoint-url">{w.url}</span>
                <span class="muted small">{w.events.includes("*") ? t("set.wh.allEvents") : w.events.join(", ")}</span>
              </div>
              <div class="row-actions">
                <Button
                  class="small-button"
                  onClick={() => setLogOf(logOf === w.id ? null : w.id)}
                  label={t(logOf === w.id ? "set.wh.hideTo" : "set.wh.deliveriesTo", { url: w.url })}
                >
                  {t(logOf === w.id ? "set.wh.hide" : "set.wh.deliveries")}
                </Button>
                {confirmDelete === w.id ? (
                  <>
                    <Button class="small-button" kind="danger" busy={busy} onClick={() => void remove(w.id)}>
                      {t("set.wh.yesDelete")}
                    </Button>
                    <Button class="small-button" onClick={() => setConfirmDelete(null)}>
                      {t("set.wh.keep")}
                    </Button>
                  </>
                ) : (
                  <Button
                    class="small-button"
                    kind="danger"
                    gate={manage}
                    onClick={() => setConfirmDelete(w.id)}
                    label={t("set.wh.deleteUrl", { url: w.url })}
                  >
                    {t("set.wh.delete")}
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
          <p>{t("set.wh.added")}</p>
          <label for="wh-secret">{t("set.wh.secretFor", { url: secret.url })}</label>
          <input id="wh-secret" class="copy-box" readonly value={secret.secret} />
        </div>
      ) : null}
      <form onSubmit={add} novalidate class="sub-form" aria-labelledby="wh-add-title">
        <h3 id="wh-add-title">{t("set.wh.addTitle")}</h3>
        <TextField
          id="wh-url"
          label={t("set.wh.address")}
          type="url"
          value={url}
          onValue={setUrl}
          error={problem?.fields.url}
          disabled={!manage.allowed}
        />
        <fieldset class="choices">
          <legend>{t("set.wh.events")}</legend>
          <div class="choice-row">
            {["*", ...WEBHOOK_EVENT_TYPES].map((type) => (
              <label>
                <input
                  type="checkbox"
                  checked={events.includes(type)}
                  disabled={!manage.allowed}
                  onChange={(e: Event) => toggle(type, (e.target as HTMLInputElement).checked)}
                />
                {type === "*" ? t("set.wh.allEvents") : type}
              </label>
            ))}
          </div>
        </fieldset>
        <SubmitRow label={t("set.wh.add")} gate={manage} busy={busy} />
      </form>
      <PanelEnd problem={problem} done={done} gates={[manage]} />
    </SettingsPanel>
  );
}

const DELIVERY_STATUS: Record<string, AppKey> = {
  pending: "set.wh.pending",
  sending: "set.wh.sending",
  delivered: "set.wh.delivered",
  failed: "set.wh.failed",
};

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
    setDone(t("set.wh.queued"));
    void load();
  }
  if (problem) return <Outcome problem={problem} onRetry={() => void load()} />;
  if (!rows) return <p class="muted small">{t("set.wh.loading")}</p>;
  if (!rows.length) return <p class="muted small">{t("set.wh.nothingSent")}</p>;
  return (
    <div class="delivery-log">
      <p class="done" role="status">
        {done}
      </p>
      <DataTable
        caption={t("set.wh.caption")}
        rows={rows}
        columns={[
          { label: t("set.wh.event"), cell: (r) => r.eventType },
          { label: t("set.wh.when"), cell: (r) => whenLabel(r.createdAt, p.tz) },
          {
            label: t("set.wh.result"),
            cell: (r) => (
              <>
                {DELIVERY_STATUS[r.status] ? t(DELIVERY_STATUS[r.status]) : r.status}
                {r.lastStatusCode ? ` (HTTP ${r.lastStatusCode})` : ""}
                {r.lastError && r.status !== "delivered" ? ` · ${r.lastError}` : ""}
              </>
            ),
          },
          { label: t("set.wh.tries"), cell: (r) => r.attempts },
          {
            label: t("set.wh.actions"),
            cell: (r) => (
              <Button
                class="small-button"
                disabled={!p.canRedeliver}
                onClick={() => void redeliver(r.id)}
                label={t("set.wh.sendAgainLabel", { event: r.eventType, when: whenLabel(r.createdAt, p.tz) })}
              >
                {t("set.wh.sendAgain")}
              </Button>
            ),
          },
        ]}
      />
    </div>
  );
}
