import { useState } from "react";
import { Link } from "react-router";
import type { Attender, VoteState } from "../../../shared/api-types";
import { VOTE_LIMITS } from "../../../shared/vote-rules";
import { api, errorMessage } from "~/lib/api";
import { relativeTime } from "../../../shared/format";
import { useShell } from "~/components/shell/shell-context";
import { useApiAction } from "~/lib/use-api-action";
import type { VoteData } from "./load.server";
import "./votes.css";

const REASON_MAX = VOTE_LIMITS.reason;

/**
 * The vote of a vote entry (spec §3 Entry type vote): a radio group and 投票 until the viewer has
 * voted, then result bars with counts and percentages (the viewer's choice marked), and the
 * attenders with their reasons, paged by the server's pointer.
 */
export function VoteSection({ entryId, initial, now }: { entryId: string; initial: VoteData; now: number }) {
  const { requireLogin, alert } = useShell();
  const [state, setState] = useState<VoteState>(initial.state);
  const [choice, setChoice] = useState<string>("");
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [attenders, setAttenders] = useState(initial.attenders);
  const more = useApiAction();
  const highlighted = initial.highlighted;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!requireLogin()) return;
    if (!choice) {
      alert("请选择一个选项", "warning");
      return;
    }
    setBusy(true);
    try {
      const next = await api.post<VoteState>(`/api/votes/${entryId}/answer`, {
        optionId: choice,
        content: reason.trim() || undefined,
      });
      setState(next);
      setAttenders(await api.get<VoteData["attenders"]>("/api/get_attender", { entryId }));
      alert("投票成功", "success");
    } catch (error) {
      alert(errorMessage(error, "投票失败，请稍后重试"), "error");
      // A 409 means the viewer voted elsewhere meanwhile: show the results they now have.
      api
        .get<VoteState>(`/api/votes/${entryId}`)
        .then(setState)
        .catch(() => undefined);
    } finally {
      setBusy(false);
    }
  }

  async function loadMore() {
    const before = attenders.pointer;
    if (!before) return;
    await more.run(async () => {
      const next = await api.get<VoteData["attenders"]>("/api/get_attender", { entryId, before });
      setAttenders((prev) => ({ ...next, list: [...prev.list, ...next.list] }));
    }, "加载失败，请稍后重试");
  }

  const voted = state.answer !== null;
  const list = highlighted ? attenders.list.filter((a) => a.id !== highlighted.id) : attenders.list;

  return (
    <section className="vote-section" aria-labelledby="vote-heading">
      <h2 id="vote-heading" className="vote-heading">
        投票 <small>{state.total} 人参与</small>
      </h2>
      {voted ? (
        <ul className="vote-results" aria-label="投票结果">
          {state.options.map((o) => {
            const mine = state.answer?.optionId === o.id;
            return (
              <li key={o.id} className={mine ? "vote-result vote-result-mine" : "vote-result"}>
                <div className="vote-result-label">
                  <span>
                    {o.title}
                    {mine ? <span className="vote-mine-tag">（我的选择）</span> : null}
                  </span>
                  <span>
                    {o.votesCount} 票 · {o.percent}%
                  </span>
                </div>
                <div
                  className="vote-bar"
                  role="progressbar"
                  aria-label={o.title}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={o.percent}
                >
                  <div className="vote-bar-fill" style={{ width: `${o.percent}%` }} />
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <form className="vote-form" onSubmit={submit}>
          <fieldset>
            <legend className="visually-hidden">选择一个选项</legend>
            <div role="radiogroup" aria-labelledby="vote-heading" className="vote-options">
              {state.options.map((o) => (
                <label
                  key={o.id}
                  className={choice === o.id ? "vote-option vote-option-checked" : "vote-option"}
                >
                  <input
                    type="radio"
                    name="vote-option"
                    value={o.id}
                    checked={choice === o.id}
                    onChange={() => setChoice(o.id)}
                  />
                  <span>{o.title}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <label className="vote-reason">
            <span>理由（选填）</span>
            <textarea
              value={reason}
              maxLength={REASON_MAX}
              rows={2}
              onChange={(e) => setReason(e.target.value)}
              placeholder="说说你的理由"
            />
          </label>
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
            投票
          </button>
        </form>
      )}

      <h3 className="vote-attenders-heading">参与者</h3>
      {highlighted ? <AttenderItem attender={highlighted} now={now} highlighted /> : null}
      {list.length === 0 && !highlighted ? (
        <p className="vote-empty">还没有人投票</p>
      ) : (
        <ul className="vote-attenders">
          {list.map((a) => (
            <AttenderItem key={a.id} attender={a} now={now} />
          ))}
        </ul>
      )}
      {attenders.canNext ? (
        <button type="button" className="btn" onClick={loadMore} disabled={more.busy}>
          {more.busy ? "加载中…" : "查看更多"}
        </button>
      ) : null}
    </section>
  );
}

function AttenderItem({
  attender,
  now,
  highlighted,
}: {
  attender: Attender;
  now: number;
  highlighted?: boolean;
}) {
  const Tag = highlighted ? "div" : "li";
  return (
    <Tag
      id={`answer-${attender.id}`}
      className={highlighted ? "vote-attender vote-attender-highlighted" : "vote-attender"}
      aria-current={highlighted ? "true" : undefined}
    >
      <Link to={`/user/${attender.user.id}`}>{attender.user.username}</Link> 投给了{" "}
      <strong>{attender.optionTitle}</strong>
      {attender.content ? <p className="vote-attender-reason">{attender.content}</p> : null}
      <div>
        <Link to={attender.link} className="vote-attender-time">
          {relativeTime(attender.createdAt, now)}
        </Link>
      </div>
    </Tag>
  );
}
