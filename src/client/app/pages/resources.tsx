// /app/resources (design.md §26): rooms, chairs and basins that services need one of. A booking of
// such a service takes the first free one of each type, so two treatments never share a room.
import { useState } from "hono/jsx/dom";
import type { ResourceItem, ResourcesView } from "../../shared/api-types";
import { startPage } from "../shell/boot";
import { t } from "../shell/i18n";
import { FormDialog, useSubmit } from "../ui/form-dialog";
import { ActiveToggle, DeleteDialog, ListHead, useListPage } from "../ui/list-page";
import { Button, CheckField, Empty, TextField, ViewPending } from "../ui/kit";
import { gate } from "../ui/permissions";
import { TimeOffForm, TimeOffList } from "../ui/time-off";
import { useView } from "../ui/use-view";

/** The API's rule for a type (src/routes/fields-visit.ts resourceTypeField), checked before sending. */
export const RESOURCE_TYPE = /^[a-z0-9][a-z0-9 _-]*$/;

function Resources() {
  const view = useView<ResourcesView>("/api/businesses/me/views/resources");
  const { editing, setEditing, offFor, setOffFor, deleting, setDeleting, problem, done, busy, run, saved } = useListPage<ResourceItem>(
    view.reload,
  );
  const d = view.data;
  if (!d) return <ViewPending view={view} />;
  const manage = gate(d.viewer, "manage");
  const tz = d.business.timezone;
  const types = [...new Set(d.resources.map((r) => r.type))];

  return (
    <>
      <ListHead
        intro={t("res.intro")}
        addLabel={t("res.add")}
        gate={manage}
        onAdd={() => setEditing("new")}
        problem={problem}
        done={done}
        onRetry={view.reload}
      />
      {d.resources.length === 0 ? (
        <Empty title={t("res.none")}>{t("res.noneHint")}</Empty>
      ) : (
        types.map((type) => (
          <section class="resource-group" aria-labelledby={`type-${type}`}>
            <h2 id={`type-${type}`} class="resource-type">
              {type}
            </h2>
            <div class="staff-cards">
              {d.resources
                .filter((r) => r.type === type)
                .map((r) => {
                  return (
                    <article class="panel resource-card" aria-labelledby={`res-${r.id}`}>
                      <header class="staff-card-head">
                        <h3 id={`res-${r.id}`}>{r.name}</h3>
                        {r.isActive ? null : <span class="status status-cancelled">{t("res.inactive")}</span>}
                      </header>
                      <h4>{t("stf.timeOff")}</h4>
                      <TimeOffList
                        off={d.timeOff.filter((o) => o.resourceId === r.id)}
                        tz={tz}
                        gate={manage}
                        busy={busy}
                        label={t("res.offOf", { name: r.name })}
                        removeLabel={(span) => t("res.removeOff", { span, name: r.name })}
                        onRemove={(o) => void run(t("stf.offRemoved"), "DELETE", `/api/resources/${r.id}/time-off/${o.id}`)}
                      />
                      <div class="actions-row">
                        <Button gate={manage} onClick={() => setEditing(r)} label={t("svc.editNamed", { name: r.name })}>
                          {t("svc.edit")}
                        </Button>
                        <Button gate={manage} onClick={() => setOffFor(r)} label={t("stf.addOffNamed", { name: r.name })}>
                          {t("stf.addOff")}
                        </Button>
                        <ActiveToggle item={r} path={`/api/resources/${r.id}`} gate={manage} busy={busy} run={run} />
                        <Button kind="danger" gate={manage} onClick={() => setDeleting(r)} label={t("svc.deleteNamed", { name: r.name })}>
                          {t("svc.delete")}
                        </Button>
                      </div>
                    </article>
                  );
                })}
            </div>
          </section>
        ))
      )}
      {editing ? (
        <ResourceForm
          resource={editing === "new" ? null : editing}
          types={types}
          onClose={() => setEditing(null)}
          onSaved={(name) => saved(t("svc.saved", { name }))}
        />
      ) : null}
      {offFor ? (
        <TimeOffForm
          name={offFor.name}
          path={`/api/resources/${offFor.id}/time-off`}
          business={d.business}
          onClose={() => setOffFor(null)}
          onSaved={saved}
        />
      ) : null}
      {deleting ? (
        <DeleteDialog
          id="delete-resource"
          title={t("svc.deleteTitle", { name: deleting.name })}
          text={t("res.deleteText")}
          confirmLabel={t("res.deleteConfirm")}
          keepLabel={t("stf.keep")}
          onClose={() => setDeleting(null)}
          onDelete={() => void run(t("svc.deleted", { name: deleting.name }), "DELETE", `/api/resources/${deleting.id}`)}
        />
      ) : null}
    </>
  );
}

function ResourceForm(p: { resource: ResourceItem | null; types: string[]; onClose: () => void; onSaved: (name: string) => void }) {
  const r = p.resource;
  const [name, setName] = useState(r?.name ?? "");
  const [type, setType] = useState(r?.type ?? "");
  const [active, setActive] = useState(r?.isActive ?? true);
  const submit = useSubmit();

  async function save(e: Event) {
    e.preventDefault();
    const fields: Record<string, string> = {};
    const typed = type.trim().toLowerCase();
    if (!name.trim()) fields.name = t("res.enterName");
    if (!typed) fields.type = t("res.enterType");
    else if (!RESOURCE_TYPE.test(typed)) fields.type = t("res.typeRule");
    if (Object.keys(fields).length) return submit.refuse(fields);
    const body = { name: name.trim(), type: typed, isActive: active };
    await submit.send(r ? "PATCH" : "POST", r ? `/api/resources/${r.id}` : "/api/resources", body, () => p.onSaved(body.name));
  }
  const f = submit.fields;
  return (
    <FormDialog
      title={r ? t("svc.editNamed", { name: r.name }) : t("res.new")}
      id="resource-form"
      onClose={p.onClose}
      onSubmit={save}
      busy={submit.busy}
      problem={submit.problem}
      submitLabel={r ? t("svc.saveChanges") : t("res.add")}
    >
      <div class="form-grid">
        <TextField
          id="res-name"
          label={t("svc.name")}
          required
          value={name}
          onValue={setName}
          maxLength={100}
          error={f.name}
          placeholder={t("res.namePlaceholder")}
        />
        <TextField
          id="res-type"
          label={t("res.type")}
          required
          value={type}
          onValue={setType}
          maxLength={40}
          error={f.type}
          hint={p.types.length ? t("res.typesInUse", { types: p.types.join(", ") }) : t("res.typeHint")}
        />
      </div>
      <CheckField id="res-active" label={t("svc.active")} hint={t("res.activeHint")} checked={active} onValue={setActive} />
    </FormDialog>
  );
}

startPage("/app/resources", () => <Resources />);
