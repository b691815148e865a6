// /app/ai-log: every request to the AI assistant (the public booking assistant and the team's),
// newest first: what was asked, which tools ran, how it ended.
import type { AiLogEntry, AiLogView } from "../../shared/api-types";
import { whenLabel } from "../lib/zoned";
import { startPage } from "../shell/boot";
import { intlLocale, t } from "../shell/i18n";
import { Empty, Loading, LoadFailed } from "../ui/kit";
import { useView } from "../ui/use-view";

function who(e: AiLogEntry): string {
  return e.action === "ai.public_chat" ? t("ai.public") : t("ai.team");
}

function outcome(e: AiLogEntry): string {
  if (e.outcome === "ok") return t("ai.answered");
  // The error code is the server's own word for what went wrong (shown as sent, design.md §30).
  return e.errorCode ? t("ai.failedWith", { code: e.errorCode.replace(/_/g, " ") }) : t("ai.failed");
}

/** "1.2 s" / "1,2 s" in the member's language. */
const seconds = (ms: number) =>
  new Intl.NumberFormat(intlLocale(), { style: "unit", unit: "second", minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    ms / 1000,
  );

function AiLog() {
  const view = useView<AiLogView>("/api/businesses/me/views/ai-log?limit=100");
  const d = view.data;
  if (!d) return view.problem ? <LoadFailed problem={view.problem} onRetry={view.reload} /> : <Loading />;
  if (d.entries.length === 0) return <Empty title={t("ai.none")}>{t("ai.noneHint")}</Empty>;
  return (
    <>
      <p class="muted" role="status">
        {t("ai.recent", { count: d.entries.length })}
      </p>
      <div class="table-wrap">
        <table>
          <caption class="visually-hidden">{t("ai.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("bk.when")}</th>
              <th scope="col">{t("ai.assistant")}</th>
              <th scope="col">{t("ai.question")}</th>
              <th scope="col">{t("ai.tools")}</th>
              <th scope="col">{t("ai.result")}</th>
              <th scope="col">{t("ai.time")}</th>
            </tr>
          </thead>
          <tbody>
            {d.entries.map((e) => (
              <tr>
                <td data-label={t("bk.when")}>{whenLabel(e.createdAt, d.business.timezone)}</td>
                <td data-label={t("ai.assistant")}>{who(e)}</td>
                <td data-label={t("ai.question")}>{e.question || "\u2014"}</td>
                <td data-label={t("ai.tools")}>
                  {e.toolCalls.length
                    ? e.toolCalls.map((c) => (c.ok ? c.name : t("ai.toolFailed", { name: c.name }))).join(", ")
                    : t("ai.noTools")}
                </td>
                <td data-label={t("ai.result")}>{outcome(e)}</td>
                <td data-label={t("ai.time")}>{e.latencyMs === null ? "\u2014" : seconds(e.latencyMs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

startPage("/app/ai-log", () => <AiLog />);
