// /app/services: the catalog: create, edit, reorder, deactivate, delete.
import { useState } from "hono/jsx/dom";
import type { OwnerService, ServicesView } from "../../shared/api-types";
import { startPage } from "../shell/boot";
import { duration, money, toMajor, toMinor } from "../ui/format";
import { FormDialog, useSubmit } from "../ui/form-dialog";
import { useListPage } from "../ui/list-page";
import { Button, CheckField, Dialog, Empty, GateNote, Loading, LoadFailed, Outcome, TextAreaField, TextField } from "../ui/kit";
import { gate } from "../ui/permissions";
import { useView } from "../ui/use-view";
import { SERVICE_FORM_SECTIONS } from "./extensions";
import { visitSummary } from "./service-visits";
import { performers } from "./service-scheduling";

/** "+10 min before, 15 min after" (the buffers kept free around each appointment). */
const bufferSummary = (before: number, after: number) =>
  `+ ${[before ? `${before} min before` : "", after ? `${after} min after` : ""].filter(Boolean).join(", ")}`;

function Services() {
  const view = useView<ServicesView>("/api/businesses/me/views/services");
  const { editing, setEditing, deleting, setDeleting, problem, done, busy, run, saved } = useListPage<OwnerService>(view.reload);
  const d = view.data;
  if (!d) return view.problem ? <LoadFailed problem={view.problem} onRetry={view.reload} /> : <Loading />;
  const manage = gate(d.viewer, "manage");
  const cur = d.business.currency;
  const move = (i: number, by: number) => {
    const ids = d.services.map((s) => s.id);
    [ids[i], ids[i + by]] = [ids[i + by], ids[i]];
    void run(`Moved ${d.services[i].name} ${by < 0 ? "up" : "down"}.`, "PUT", "/api/services/order", { ids });
  };

  return (
    <>
      <div class="page-head">
        <p class="muted">The booking page lists active, online-bookable services in this order. Prices in {cur}.</p>
        <Button kind="primary" gate={manage} onClick={() => setEditing("new")}>
          Add service
        </Button>
      </div>
      <GateNote gates={[manage]} />
      <Outcome problem={problem} done={done} onRetry={view.reload} />
      {d.services.length === 0 ? (
        <Empty title="No services yet.">Add the first service your customers can book: its name, length and price.</Empty>
      ) : (
        <div class="table-wrap">
          <table>
            <caption class="visually-hidden">Services in booking-page order</caption>
            <thead>
              <tr>
                <th scope="col">Service</th>
                <th scope="col">Length</th>
                <th scope="col">Price</th>
                <th scope="col">Deposit</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {d.services.map((s, i) => (
                <tr class={s.isActive ? undefined : "muted-row"}>
                  <td data-label="Service">
                    <strong>{s.name}</strong>
                    {s.description ? <span class="muted small block">{s.description}</span> : null}
                    <span class="muted small block">By: {performers(s, d.staff)}</span>
                  </td>
                  <td data-label="Length">
                    {duration(s.durationMinutes)}
                    {s.bufferBeforeMinutes || s.bufferAfterMinutes ? (
                      <span class="muted small block">{bufferSummary(s.bufferBeforeMinutes, s.bufferAfterMinutes)}</span>
                    ) : null}
                    {visitSummary(s) ? <span class="muted small block">{visitSummary(s)}</span> : null}
                  </td>
                  <td data-label="Price">{money(s.price, cur)}</td>
                  <td data-label="Deposit">{s.depositPercent ? `${s.depositPercent} %` : "None"}</td>
                  <td data-label="Status">{s.isActive ? (s.isOnlineBookable ? "Bookable online" : "Front desk only") : "Inactive"}</td>
                  <td data-label="Actions">
                    <div class="row-actions">
                      <Button class="small-button" gate={manage} onClick={() => setEditing(s)} label={`Edit ${s.name}`}>
                        Edit
                      </Button>
                      <Button
                        class="small-button"
                        gate={manage}
                        busy={busy}
                        onClick={() =>
                          void run(`${s.name} is ${s.isActive ? "inactive" : "active"} now.`, "PATCH", `/api/services/${s.id}`, {
                            isActive: !s.isActive,
                          })
                        }
                        label={`${s.isActive ? "Deactivate" : "Activate"} ${s.name}`}
                      >
                        {s.isActive ? "Deactivate" : "Activate"}
                      </Button>
                      <Button
                        class="small-button"
                        gate={manage}
                        busy={busy}
                        disabled={i === 0}
                        onClick={() => move(i, -1)}
                        label={`Move ${s.name} up`}
                      >
                        ↑
                      </Button>
                      <Button
                        class="small-button"
                        gate={manage}
                        busy={busy}
                        disabled={i === d.services.length - 1}
                        onClick={() => move(i, 1)}
                        label={`Move ${s.name} down`}
                      >
                        ↓
                      </Button>
                      <Button class="small-button" kind="danger" gate={manage} onClick={() => setDeleting(s)} label={`Delete ${s.name}`}>
                        Delete
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing ? (
        <ServiceForm
          service={editing === "new" ? null : editing}
          currency={cur}
          staff={d.staff}
          onClose={() => setEditing(null)}
          onSaved={(name) => saved(`${name} saved.`)}
        />
      ) : null}
      {deleting ? (
        <Dialog title={`Delete ${deleting.name}?`} onClose={() => setDeleting(null)} id="delete-service">
          <p>It leaves your service list and the booking page. Bookings already made keep it.</p>
          <div class="actions-row">
            <Button
              kind="danger"
              busy={busy}
              onClick={() => {
                const s = deleting;
                setDeleting(null);
                void run(`${s.name} deleted.`, "DELETE", `/api/services/${s.id}`);
              }}
            >
              Delete service
            </Button>
            <Button onClick={() => setDeleting(null)}>Keep it</Button>
          </div>
        </Dialog>
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
    if (!name.trim()) fields.name = "Enter a name";
    if (!/^\d+$/.test(minutes) || Number(minutes) < 5 || Number(minutes) % 5)
      fields.durationMinutes = "Use minutes in steps of 5, at least 5";
    if (minor === null) fields.price = `Enter an amount like 45.00`;
    if (!/^\d+$/.test(deposit) || Number(deposit) > 100) fields.depositPercent = "Use a whole percent from 0 to 100";
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
      title={s ? `Edit ${s.name}` : "New service"}
      id="service-form"
      onClose={p.onClose}
      onSubmit={save}
      busy={submit.busy}
      problem={submit.problem}
      submitLabel={s ? "Save changes" : "Add service"}
    >
      <TextField id="svc-name" label="Name" required value={name} onValue={setName} maxLength={200} error={f.name} />
      <TextAreaField
        id="svc-description"
        label="Description"
        value={description}
        onValue={setDescription}
        maxLength={2000}
        error={f.description}
      />
      <div class="form-grid">
        <TextField
          id="svc-duration"
          label="Length (minutes)"
          type="number"
          min={5}
          step={5}
          value={minutes}
          onValue={setMinutes}
          error={f.durationMinutes}
        />
        <TextField
          id="svc-price"
          label={`Price (${p.currency})`}
          inputMode="decimal"
          value={price}
          onValue={setPrice}
          error={f.price}
          placeholder="0.00"
        />
        <TextField
          id="svc-deposit"
          label="Deposit (% of the price)"
          type="number"
          min={0}
          max={100}
          value={deposit}
          onValue={setDeposit}
          error={f.depositPercent}
          hint="Taken at booking when the business asks for payment."
        />
      </div>
      <CheckField id="svc-online" label="Customers can book it online" checked={online} onValue={setOnline} />
      <CheckField id="svc-active" label="Active" hint="Inactive services cannot be booked at all." checked={active} onValue={setActive} />
      {SERVICE_FORM_SECTIONS.map(({ Fields }) => (
        <Fields service={s} staff={p.staff} extra={extra} setExtra={(patch) => setExtra({ ...extra, ...patch })} errors={f} />
      ))}
    </FormDialog>
  );
}

startPage("/app/services", () => <Services />);
