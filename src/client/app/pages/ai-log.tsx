// /app/ai-log: every request to the AI assistant (the public booking assistant and the team's),
// newest first: what was asked, which tools ran, how it ended.
import type { AiLogEntry, AiLogView } from "../../shared/api-types";
import { whenLabel } from "../lib/zoned";
import { startPage } from "../shell/boot";
import { Empty, Loading, LoadFailed } from "../ui/kit";
import { useView } from "../ui/use-view";

function who(e: AiLogEntry): string {
  return e.action === "ai.public_chat" ? "Booking page assistant" : "Team assistant";
}

function outcome(e: AiLogEntry): string {
  if (e.outcome === "ok") return "Answered";
  return `Failed${e.errorCode ? ` (${e.errorCode.replace(/_/g, " ")})` : ""}`;
}

function AiLog() {
  const view = useView<AiLogView>("/api/businesses/me/views/ai-log?limit=100");
  const d = view.data;
  if (!d) return view.problem ? <LoadFailed problem={view.problem} onRetry={view.reload} /> : <Loading />;
  if (d.entries.length === 0)
    return (
      <Empty title="No AI activity yet.">
        When customers ask the booking page's assistant, or your team asks theirs, each request is listed here with what was asked and how
        it ended.
      </Empty>
    );
  return (
    <>
      <p class="muted" role="status">
        The {d.entries.length} most recent requests. Questions are kept to their first 200 characters.
      </p>
      <div class="table-wrap">
        <table>
          <caption class="visually-hidden">AI requests, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Assistant</th>
              <th scope="col">Question</th>
              <th scope="col">Tools used</th>
              <th scope="col">Result</th>
              <th scope="col">Time taken</th>
            </tr>
          </thead>
          <tbody>
            {d.entries.map((e) => (
              <tr>
                <td data-label="When">{whenLabel(e.createdAt, d.business.timezone)}</td>
                <td data-label="Assistant">{who(e)}</td>
                <td data-label="Question">{e.question || "\u2014"}</td>
                <td data-label="Tools used">
                  {e.toolCalls.length ? e.toolCalls.map((t) => `${t.name}${t.ok ? "" : " (failed)"}`).join(", ") : "None"}
                </td>
                <td data-label="Result">{outcome(e)}</td>
                <td data-label="Time taken">{e.latencyMs === null ? "\u2014" : `${(e.latencyMs / 1000).toFixed(1)} s`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

startPage("/app/ai-log", () => <AiLog />);
