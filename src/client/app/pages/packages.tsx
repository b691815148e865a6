// /app/packages (design.md §32): the packages of sessions the business offers (and whether each is
// on sale online), created, changed, deleted and issued by hand at the counter (its code shown once,
// to copy), and the packages sold or issued with their sessions left and expiry.
import { useState } from "hono/jsx/dom";
import type { IssuedPackage, OwnerPackage, PackagesView } from "../../shared/api-types";
import { startPage } from "../shell/boot";
import { t } from "../shell/i18n";
import { CopyBox } from "../ui/copy";
import { money } from "../ui/format";
import { Button, Empty, GateNote, Loading, LoadFailed, Outcome } from "../ui/kit";
import { gate } from "../ui/permissions";
import { useView } from "../ui/use-view";
import { DeletePackageDialog, IssuePackageDialog, PackageDialog } from "./package-forms";
import { expiryLabel, heldState, serviceNames } from "./prepaid-kit";

type Open = { kind: "new" } | { kind: "edit" | "delete" | "issue"; pack: OwnerPackage } | null;

function Packages() {
  const view = useView<PackagesView>("/api/businesses/me/views/packages");
  const [open, setOpen] = useState<Open>(null);
  const [issued, setIssued] = useState<{ code: IssuedPackage; name: string } | null>(null);
  const [done, setDone] = useState("");
  const d = view.data;
  if (!d) return view.problem ? <LoadFailed problem={view.problem} onRetry={view.reload} /> : <Loading />;
  const manage = gate(d.viewer, "manage");
  const tz = d.business.timezone;
  const finish = (message: string) => {
    setOpen(null);
    setDone(message);
    view.reload();
  };

  return (
    <>
      <div class="actions-row">
        <Button kind="primary" gate={manage} onClick={() => setOpen({ kind: "new" })}>
          {t("pk.new")}
        </Button>
      </div>
      <GateNote gates={[manage]} />
      {!d.onlineSales ? <p class="notice">{t("pk.offline")}</p> : null}
      {issued ? (
        <CopyBox
          id="issued-package-code"
          label={t("pk.codeLabel")}
          value={issued.code.code}
          dismissLabel={t("pp.done")}
          onDismiss={() => setIssued(null)}
        >
          <p>
            <strong>{t("pk.issuedText", { name: issued.name, count: issued.code.credits })}</strong>
          </p>
        </CopyBox>
      ) : null}
      <Outcome done={done} />
      {d.packages.length === 0 ? (
        <Empty title={t("pk.none")}>{t("pk.noneHint")}</Empty>
      ) : (
        <div class="table-wrap">
          <table>
            <caption class="visually-hidden">{t("pk.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("pk.name")}</th>
                <th scope="col">{t("pk.services")}</th>
                <th scope="col">{t("pk.sessions")}</th>
                <th scope="col">{t("pk.price")}</th>
                <th scope="col">{t("pk.validity")}</th>
                <th scope="col">{t("pk.sale")}</th>
                <th scope="col">
                  <span class="visually-hidden">{t("pp.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {d.packages.map((p) => (
                <tr>
                  <td data-label={t("pk.name")}>{p.name}</td>
                  <td data-label={t("pk.services")}>{serviceNames(p.serviceIds, d.services)}</td>
                  <td data-label={t("pk.sessions")}>{p.sessions}</td>
                  <td data-label={t("pk.price")}>{money(p.price, p.currency)}</td>
                  <td data-label={t("pk.validity")}>{t("pk.days", { days: p.validityDays })}</td>
                  <td data-label={t("pk.sale")}>{p.onSale ? t("pk.onSale") : t("pk.counterOnly")}</td>
                  <td data-label={t("pp.actions")}>
                    <span class="row-actions">
                      <Button
                        gate={manage}
                        onClick={() => setOpen({ kind: "issue", pack: p })}
                        label={t("pk.issueLabel", { name: p.name })}
                      >
                        {t("pk.issue")}
                      </Button>
                      <Button gate={manage} onClick={() => setOpen({ kind: "edit", pack: p })} label={t("pk.editLabel", { name: p.name })}>
                        {t("pk.edit")}
                      </Button>
                      <Button
                        gate={manage}
                        kind="danger"
                        onClick={() => setOpen({ kind: "delete", pack: p })}
                        label={t("pk.deleteLabel", { name: p.name })}
                      >
                        {t("pk.delete")}
                      </Button>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <section class="panel" aria-labelledby="sold-packages">
        <h2 id="sold-packages">{t("pk.soldHeading")}</h2>
        {d.sold.length === 0 ? (
          <p class="muted">{t("pk.soldNone")}</p>
        ) : (
          <div class="table-wrap">
            <table>
              <caption class="visually-hidden">{t("pk.soldCaption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("pk.code")}</th>
                  <th scope="col">{t("pk.name")}</th>
                  <th scope="col">{t("pk.customer")}</th>
                  <th scope="col">{t("pk.left")}</th>
                  <th scope="col">{t("pk.expires")}</th>
                  <th scope="col">{t("pk.state")}</th>
                  <th scope="col">{t("pk.how")}</th>
                </tr>
              </thead>
              <tbody>
                {d.sold.map((s) => (
                  <tr>
                    <td data-label={t("pk.code")}>{s.last4 ? `PK-\u2026${s.last4}` : "\u2014"}</td>
                    <td data-label={t("pk.name")}>{s.packageName || "\u2014"}</td>
                    <td data-label={t("pk.customer")}>{[s.buyerName, s.buyerEmail].filter(Boolean).join(", ") || "\u2014"}</td>
                    <td data-label={t("pk.left")}>{t("pk.leftValue", { credits: s.credits, sessions: s.sessions })}</td>
                    <td data-label={t("pk.expires")}>{expiryLabel(s.expiresAt, tz)}</td>
                    <td data-label={t("pk.state")}>{heldState(s.state)}</td>
                    <td data-label={t("pk.how")}>
                      {s.source === "owner" ? t("pk.issuedHow", { reason: s.reason ?? "" }) : t("pk.bought")}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {open?.kind === "new" || open?.kind === "edit" ? (
        <PackageDialog
          pack={open.kind === "edit" ? open.pack : null}
          currency={d.business.currency}
          services={d.services}
          onClose={() => setOpen(null)}
          onSaved={(created) => finish(created ? t("pk.created") : t("pk.saved"))}
        />
      ) : null}
      {open?.kind === "delete" ? (
        <DeletePackageDialog pack={open.pack} onClose={() => setOpen(null)} onDeleted={() => finish(t("pk.deleted"))} />
      ) : null}
      {open?.kind === "issue" ? (
        <IssuePackageDialog
          pack={open.pack}
          onClose={() => setOpen(null)}
          onIssued={(code) => {
            setIssued({ code, name: open.pack.name });
            finish("");
          }}
        />
      ) : null}
    </>
  );
}

startPage("/app/packages", () => <Packages />);
