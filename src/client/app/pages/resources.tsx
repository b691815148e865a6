// /app/resources (design.md §26): rooms, chairs and basins that services need one of. A booking of
// such a service takes the first free one of each type, so two treatments never share a room.
import { useState } from "hono/jsx/dom";
import type { ResourceItem, ResourcesView } from "../../shared/api-types";
import { startPage } from "../shell/boot";
import { FormDialog, useSubmit } from "../ui/form-dialog";
import { useListPage } from "../ui/list-page";
import { Button, CheckField, Dialog, Empty, GateNote, Loading, LoadFailed, Outcome, TextField } from "../ui/kit";
import { gate } from "../ui/permissions";
import { offLabel, TimeOffForm } from "../ui/time-off";
import { useView } from "../ui/use-view";

/** The API's rule for a type (src/routes/fields-visit.ts resourceTypeField), checked before sending. */
export const RESOURCE_TYPE = /^[a-z0-9][a-z0-9 _-]*$/;
export const RESOURCE_TYPE_RULE = "Use letters, digits, spaces, - or _ (e.g. room, chair, basin)";

function Resources() {
  const view = useView<ResourcesView>("/api/businesses/me/views/resources");
  const { editing, setEditing, offFor, setOffFor, deleting, setDeleting, problem, done, busy, run, saved } = useListPage<ResourceItem>(
    view.reload,
  );
  const d = view.data;
  if (!d) return view.problem ? <LoadFailed problem={view.problem} onRetry={view.reload} /> : <Loading />;
  const manage = gate(d.viewer, "manage");
  const tz = d.business.timezone;
  const types = [...new Set(d.resources.map((r) => r.type))];

  return (
    <>
      <div class="page-head">
        <p class="muted">
          Rooms, chairs and basins. A service that needs a type (set on the Services page) is booked only when one of that type is free.
        </p>
        <Button kind="primary" gate={manage} onClick={() => setEditing("new")}>
          Add resource
        </Button>
      </div>
      <GateNote gates={[manage]} />
      <Outcome problem={problem} done={done} onRetry={view.reload} />
      {d.resources.length === 0 ? (
        <Empty title="No resources yet.">
          Add the rooms, chairs or basins your services need, so two appointments never share one. Services that need none book as before.
        </Empty>
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
                  const off = d.timeOff.filter((t) => t.resourceId === r.id);
                  return (
                    <article class="panel resource-card" aria-labelledby={`res-${r.id}`}>
                      <header class="staff-card-head">
                        <h3 id={`res-${r.id}`}>{r.name}</h3>
                        {r.isActive ? null : <span class="status status-cancelled">Inactive</span>}
                      </header>
                      <h4>Time off</h4>
                      {off.length === 0 ? (
                        <p class="muted small">None planned.</p>
                      ) : (
                        <ul class="time-off" aria-label={`Time off of ${r.name}`}>
                          {off.map((t) => (
                            <li>
                              <span>
                                {offLabel(t, tz)}
                                {t.reason ? ` · ${t.reason}` : ""}
                              </span>
                              <Button
                                class="small-button"
                                gate={manage}
                                busy={busy}
                                label={`Remove time off ${offLabel(t, tz)} of ${r.name}`}
                                onClick={() => void run("Time off removed.", "DELETE", `/api/resources/${r.id}/time-off/${t.id}`)}
                              >
                                Remove
                              </Button>
                            </li>
                          ))}
                        </ul>
                      )}
                      <div class="actions-row">
                        <Button gate={manage} onClick={() => setEditing(r)} label={`Edit ${r.name}`}>
                          Edit
                        </Button>
                        <Button gate={manage} onClick={() => setOffFor(r)} label={`Add time off for ${r.name}`}>
                          Add time off
                        </Button>
                        <Button
                          gate={manage}
                          busy={busy}
                          label={`${r.isActive ? "Deactivate" : "Activate"} ${r.name}`}
                          onClick={() =>
                            void run(`${r.name} ${r.isActive ? "deactivated" : "activated"}.`, "PATCH", `/api/resources/${r.id}`, {
                              isActive: !r.isActive,
                            })
                          }
                        >
                          {r.isActive ? "Deactivate" : "Activate"}
                        </Button>
                        <Button kind="danger" gate={manage} onClick={() => setDeleting(r)} label={`Delete ${r.name}`}>
                          Delete
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
          onSaved={(name) => saved(`${name} saved.`)}
        />
      ) : null}
      {offFor ? (
        <TimeOffForm
          title={`Time off for ${offFor.name}`}
          path={`/api/resources/${offFor.id}/time-off`}
          business={d.business}
          onClose={() => setOffFor(null)}
          onSaved={() => saved(`Time off added for ${offFor.name}.`)}
        />
      ) : null}
      {deleting ? (
        <Dialog title={`Delete ${deleting.name}?`} onClose={() => setDeleting(null)} id="delete-resource">
          <p>It is no longer given to new bookings and leaves this list. Bookings that already hold it keep it.</p>
          <div class="actions-row">
            <Button
              kind="danger"
              onClick={() => {
                const r = deleting;
                setDeleting(null);
                void run(`${r.name} deleted.`, "DELETE", `/api/resources/${r.id}`);
              }}
            >
              Delete resource
            </Button>
            <Button onClick={() => setDeleting(null)}>Keep</Button>
          </div>
        </Dialog>
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
    const t = type.trim().toLowerCase();
    if (!name.trim()) fields.name = "Enter a name, e.g. Room 1";
    if (!t) fields.type = "Enter a type, e.g. room";
    else if (!RESOURCE_TYPE.test(t)) fields.type = RESOURCE_TYPE_RULE;
    if (Object.keys(fields).length) return submit.refuse(fields);
    const body = { name: name.trim(), type: t, isActive: active };
    await submit.send(r ? "PATCH" : "POST", r ? `/api/resources/${r.id}` : "/api/resources", body, () => p.onSaved(body.name));
  }
  const f = submit.fields;
  return (
    <FormDialog
      title={r ? `Edit ${r.name}` : "New resource"}
      id="resource-form"
      onClose={p.onClose}
      onSubmit={save}
      busy={submit.busy}
      problem={submit.problem}
      submitLabel={r ? "Save changes" : "Add resource"}
    >
      <div class="form-grid">
        <TextField
          id="res-name"
          label="Name"
          required
          value={name}
          onValue={setName}
          maxLength={100}
          error={f.name}
          placeholder="e.g. Room 1"
        />
        <TextField
          id="res-type"
          label="Type"
          required
          value={type}
          onValue={setType}
          maxLength={40}
          error={f.type}
          hint={p.types.length ? `Types in use: ${p.types.join(", ")}.` : "A short label services ask for, e.g. room, chair, basin."}
        />
      </div>
      <CheckField
        id="res-active"
        label="Active"
        hint="Off: kept in the list, but not given to new bookings."
        checked={active}
        onValue={setActive}
      />
    </FormDialog>
  );
}

startPage("/app/resources", () => <Resources />);
