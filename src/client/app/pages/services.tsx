// /app/services: the catalog: create, edit, reorder, deactivate, delete.
import { useState } from "hono/jsx/dom";
import type { OwnerService, ServicesView } from "../../shared/api-types";
import { startPage } from "../shell/boot";
import { t } from "../shell/i18n";
import { DataTable } from "../ui/data-table";
import { duration, money, percent, toMajor, toMinor } from "../ui/format";
import { FormDialog, useSubmit } from "../ui/form-dialog";
import { ActiveToggle, DeleteDialog, ListHead, useListPage } from "../ui/list-page";
import { Button, CheckField, Empty, MinutesField, TextAreaField, TextField, ViewPending } from "../ui/kit";
import { gate } from "../ui/permissions";
import { useView } from "../ui/use-view";
import { SERVICE_FORM_SECTIONS } from "./extensions";
import { visitSummary } from "./service-visits";
import { performers } from "./service-scheduling";

/** "+10 min before, 15 min after" (the buffers kept free around each appointment). */
const bufferSummary = (before: number, after: number) =>
  before && after
    ? t("svc.buffersBoth", { before, after })
    : before
      ? t("svc.bufferBefore", { minutes: before })
      : t("svc.bufferAfter", { minutes: after });

function Services() {
  const view = useView<ServicesView>("/api/businesses/me/views/services");
  const { editing, setEditing, deleting, setDeleting, problem, done, busy, run, saved } = useListPage<OwnerService>(view.reload);
  const d = view.data;
  if (!d) return <ViewPending view={view} />;
  const manage = gate(d.viewer, "manage");
  const cur = d.business.currency;
  const move = (i: number, by: number) => {
    const ids = d.services.map((s) => s.id);
    [ids[i], ids[i + by]] = [ids[i + by], ids[i]];
    void run(t("svc.moved", { name: d.services[i].name, up: by < 0 ? "yes" : "no" }), "PUT", "/api/services/order", { ids });
  };

  return (
    <>
      <ListHead
        intro={t("svc.intro", { currency: cur })}
        addLabel={t("svc.add")}
        gate={manage}
        onAdd={() => setEditing("new")}
        problem={problem}
        done={done}
        onRetry={view.reload}
      />
      {d.services.length === 0 ? (
        <Empty title={t("svc.none")}>{t("svc.noneHint")}</Empty>
      ) : (
        <DataTable
          caption={t("svc.caption")}
          rows={d.services}
          rowClass={(s) => (s.isActive ? undefined : "muted-row")}
          columns={[
            {
              label: t("svc.service"),
              cell: (s) => (
                <>
                  <strong>{s.name}</strong>
                  {s.description ? <span class="muted small block">{s.description}</span> : null}
                  <span class="muted small block">{t("svc.by", { names: performers(s, d.staff) })}</span>
                </>
              ),
            },
            {
              label: t("svc.length"),
              cell: (s) => (
                <>
                  {duration(s.durationMinutes)}
                  {s.bufferBeforeMinutes || s.bufferAfterMinutes ? (
                    <span class="muted small block">{bufferSummary(s.bufferBeforeMinutes, s.bufferAfterMinutes)}</span>
                  ) : null}
                  {visitSummary(s) ? <span class="muted small block">{visitSummary(s)}</span> : null}
                </>
              ),
            },
            { label: t("svc.price"), cell: (s) => money(s.price, cur) },
            { label: t("svc.deposit"), cell: (s) => (s.depositPercent ? percent(s.depositPercent) : t("svc.noDeposit")) },
            {
              label: t("svc.status"),
              cell: (s) => (s.isActive ? (s.isOnlineBookable ? t("svc.online") : t("svc.frontDesk")) : t("svc.inactive")),
            },
            {
              label: t("svc.actions"),
              cell: (s, i) => (
                <div class="row-actions">
                  <Button class="small-button" gate={manage} onClick={() => setEditing(s)} label={t("svc.editNamed", { name: s.name })}>
                    {t("svc.edit")}
                  </Button>
                  <ActiveToggle class="small-button" item={s} path={`/api/services/${s.id}`} gate={manage} busy={busy} run={run} />
                  <Button
                    class="small-button"
                    gate={manage}
                    busy={busy}
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                    label={t("svc.moveUp", { name: s.name })}
                  >
                    ↑
                  </Button>
                  <Button
                    class="small-button"
                    gate={manage}
                    busy={busy}
                    disabled={i === d.services.length - 1}
                    onClick={() => move(i, 1)}
                    label={t("svc.moveDown", { name: s.name })}
                  >
                    ↓
                  </Button>
                  <Button
                    class="small-button"
                    kind="danger"
                    gate={manage}
                    onClick={() => setDeleting(s)}
                    label={t("svc.deleteNamed", { name: s.name })}
                  >
                    {t("svc.delete")}
                  </Button>
                </div>
              ),
            },
          ]}
        />
      )}
      {editing ? (
        <ServiceForm
          service={editing === "new" ? null : editing}
          currency={cur}
          staff={d.staff}
          onClose={() => setEditing(null)}
          onSaved={(name) => saved(t("svc.saved", { name }))}
        />
      ) : null}
      {deleting ? (
        <DeleteDialog
          id="delete-service"
          title={t("svc.deleteTitle", { name: deleting.name })}
          text={t("svc.deleteText")}
          confirmLabel={t("svc.deleteConfirm")}
          keepLabel={t("svc.keep")}
          busy={busy}
          onClose={() => setDeleting(null)}
          onDelete={() => void run(t("svc.deleted", { name: deleting.name }), "DELETE", `/api/services/${deleting.id}`)}
        />
      ) : null}
    </>
  );
}

function ServiceForm(p: {
  service: OwnerService | null;
  currency: string;
  staff: Array<{ id: string; displayName: string; isBookable: boolean }>;
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const s = p.service;
  const [name, setName] = useState(s?.name ?? "");
  const [description, setDescription] = useState(s?.description ?? "");
  const [minutes, setMinutes] = useState(String(s?.durationMinutes ?? 60));
  const [price, setPrice] = useState(s ? toMajor(s.price, p.currency) : "");
  const [deposit, setDeposit] = useState(String(s?.depositPercent ?? 0));
  const [online, setOnline] = useState(s?.isOnlineBookable ?? true);
  const [active, setActive] = useState(s?.isActive ?? true);
  const [extra, setExtra] = useState<Record<string, unknown>>({});
  const submit = useSubmit();

  async function save(e: Event) {
    e.preventDefault();
    const minor = toMinor(price || "0", p.currency);
    const fields: Record<string, string> = {};
    if (!name.trim()) fields.name = t("svc.enterName");
    if (!/^\d+$/.test(minutes) || Number(minutes) < 5 || Number(minutes) % 5) fields.durationMinutes = t("svc.stepRule");
    if (minor === null) fields.price = t("svc.amountRule", { example: toMajor(4500, p.currency) });
    if (!/^\d+$/.test(deposit) || Number(deposit) > 100) fields.depositPercent = t("svc.percentRule");
    for (const section of SERVICE_FORM_SECTIONS)
      Object.assign(fields, section.check?.(extra, { service: s, durationMinutes: Number(minutes) }));
    if (Object.keys(fields).length) return submit.refuse(fields);
    const body = {
      name: name.trim(),
      description,
      durationMinutes: Number(minutes),
      price: minor,
      depositPercent: Number(deposit),
      isOnlineBookable: online,
      isActive: active,
      ...extra,
    };
    await submit.send(s ? "PATCH" : "POST", s ? `/api/services/${s.id}` : "/api/services", body, () => p.onSaved(body.name));
  }
  const f = submit.fields;
  return (
    <FormDialog
      title={s ? t("svc.editNamed", { name: s.name }) : t("svc.new")}
      id="service-form"
      onClose={p.onClose}
      onSubmit={save}
      busy={submit.busy}
      problem={submit.problem}
      submitLabel={s ? t("svc.saveChanges") : t("svc.add")}
    >
      <TextField id="svc-name" label={t("svc.name")} required value={name} onValue={setName} maxLength={200} error={f.name} />
      <TextAreaField
        id="svc-description"
        label={t("svc.description")}
        value={description}
        onValue={setDescription}
        maxLength={2000}
        error={f.description}
      />
      <div class="form-grid">
        <MinutesField id="svc-duration" label={t("svc.lengthMinutes")} value={minutes} onValue={setMinutes} error={f.durationMinutes} />
        <TextField
          id="svc-price"
          label={t("svc.priceIn", { currency: p.currency })}
          inputMode="decimal"
          value={price}
          onValue={setPrice}
          error={f.price}
          placeholder="0.00"
        />
        <TextField
          id="svc-deposit"
          label={t("svc.depositLabel")}
          type="number"
          min={0}
          max={100}
          value={deposit}
          onValue={setDeposit}
          error={f.depositPercent}
          hint={t("svc.depositHint")}
        />
      </div>
      <CheckField id="svc-online" label={t("svc.bookOnline")} checked={online} onValue={setOnline} />
      <CheckField id="svc-active" label={t("svc.active")} hint={t("svc.activeHint")} checked={active} onValue={setActive} />
      {SERVICE_FORM_SECTIONS.map(({ Fields }) => (
        <Fields service={s} staff={p.staff} extra={extra} setExtra={(patch) => setExtra({ ...extra, ...patch })} errors={f} />
      ))}
    </FormDialog>
  );
}

startPage("/app/services", () => <Services />);
