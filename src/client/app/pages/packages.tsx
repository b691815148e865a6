// /app/packages (design.md §32): the packages of sessions the business offers (and whether each is
// on sale online), created, changed, deleted and issued by hand at the counter (its code shown once,
// to copy), and the packages sold or issued with their sessions left and expiry.
import { useState } from "hono/jsx/dom";
import type { IssuedPackage, OwnerPackage, PackagesView } from "../../shared/api-types";
import { startPage } from "../shell/boot";
import { t } from "../shell/i18n";
import { CopyBox } from "../ui/copy";
import { money } from "../ui/format";
import { type Column, DataTable } from "../ui/data-table";
import { Empty, Outcome, ViewPending } from "../ui/kit";
import { type Gate, gate } from "../ui/permissions";
import { useView } from "../ui/use-view";
import { DeletePackageDialog, IssuePackageDialog, PackageDialog } from "./package-forms";
import { actionsColumn, expiryLabel, heldState, PageActions, serviceNames, useDialogs } from "./prepaid-kit";

type Open = { kind: "new" } | { kind: "edit" | "delete" | "issue"; pack: OwnerPackage };
type Sold = PackagesView["sold"][number];

function offerColumns(manage: Gate, setOpen: (open: Open) => void, d: PackagesView): Column<OwnerPackage>[] {
  return [
    { label: t("pk.name"), cell: (p) => p.name },
    { label: t("pk.services"), cell: (p) => serviceNames(p.serviceIds, d.services) },
    { label: t("pk.sessions"), cell: (p) => p.sessions },
    { label: t("pk.price"), cell: (p) => money(p.price, p.currency) },
    { label: t("pk.validity"), cell: (p) => t("pk.days", { days: p.validityDays }) },
    { label: t("pk.sale"), cell: (p) => (p.onSale ? t("pk.onSale") : t("pk.counterOnly")) },
    actionsColumn(manage, (p) => [
      { text: t("pk.issue"), label: t("pk.issueLabel", { name: p.name }), onClick: () => setOpen({ kind: "issue", pack: p }) },
      { text: t("pk.edit"), label: t("pk.editLabel", { name: p.name }), onClick: () => setOpen({ kind: "edit", pack: p }) },
      {
        text: t("pk.delete"),
        label: t("pk.deleteLabel", { name: p.name }),
        onClick: () => setOpen({ kind: "delete", pack: p }),
        danger: true,
      },
    ]),
  ];
}

function soldColumns(tz: string): Column<Sold>[] {
  return [
    { label: t("pk.code"), cell: (s) => (s.last4 ? `PK-\u2026${s.last4}` : "\u2014") },
    { label: t("pk.name"), cell: (s) => s.packageName || "\u2014" },
    { label: t("pk.customer"), cell: (s) => [s.buyerName, s.buyerEmail].filter(Boolean).join(", ") || "\u2014" },
    { label: t("pk.left"), cell: (s) => t("pk.leftValue", { credits: s.credits, sessions: s.sessions }) },
    { label: t("pk.expires"), cell: (s) => expiryLabel(s.expiresAt, tz) },
    { label: t("pk.state"), cell: (s) => heldState(s.state) },
    { label: t("pk.how"), cell: (s) => (s.source === "owner" ? t("pk.issuedHow", { reason: s.reason ?? "" }) : t("pk.bought")) },
  ];
}

function Packages() {
  const view = useView<PackagesView>("/api/businesses/me/views/packages");
  const { open, setOpen, close, done, finish } = useDialogs<Open>(view.reload);
  const [issued, setIssued] = useState<{ code: IssuedPackage; name: string } | null>(null);
  const d = view.data;
  if (!d) return <ViewPending view={view} />;
  const manage = gate(d.viewer, "manage");

  return (
    <>
      <PageActions gate={manage} label={t("pk.new")} onClick={() => setOpen({ kind: "new" })} />
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
        <DataTable caption={t("pk.caption")} columns={offerColumns(manage, setOpen, d)} rows={d.packages} />
      )}
      <section class="panel" aria-labelledby="sold-packages">
        <h2 id="sold-packages">{t("pk.soldHeading")}</h2>
        {d.sold.length === 0 ? (
          <p class="muted">{t("pk.soldNone")}</p>
        ) : (
          <DataTable caption={t("pk.soldCaption")} columns={soldColumns(d.business.timezone)} rows={d.sold} />
        )}
      </section>
      {open?.kind === "new" || open?.kind === "edit" ? (
        <PackageDialog
          pack={open.kind === "edit" ? open.pack : null}
          currency={d.business.currency}
          services={d.services}
          onClose={close}
          onSaved={(created) => finish(created ? t("pk.created") : t("pk.saved"))}
        />
      ) : null}
      {open?.kind === "delete" ? <DeletePackageDialog pack={open.pack} onClose={close} onDeleted={() => finish(t("pk.deleted"))} /> : null}
      {open?.kind === "issue" ? (
        <IssuePackageDialog
          pack={open.pack}
          onClose={close}
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
