import { useState } from "react";
import { useRevalidator } from "react-router";
import type { Route } from "./+types/jobs";
import { useShell } from "~/components/shell/shell-context";
import { PageSection } from "~/components/layout/page";
import { EmptyState } from "~/components/ui/empty-state";
import { FirstNextPager, pageHref } from "~/components/ui/pager";
import { api, errorMessage } from "~/lib/api";
import { requireViewer } from "~/lib/guards.server";
import { pointerParam } from "~/lib/keyset-page.server";
import { fromService } from "~/lib/loader.server";
import { titleMeta } from "~/lib/title";
import { beijingTime } from "../../../shared/format";
import { JOB_POINTER, type TroubledJob } from "../../../shared/jobs";
import "./admin.css";
import { uncachedPage } from "~/lib/page-cache.server";

export const headers = uncachedPage;

/** The job queue's states, in the order a job passes them, with the words the page uses. */
const STATES: readonly { state: string; title: string }[] = [
  { state: "created", title: "等待" },
  { state: "retry", title: "待重试" },
  { state: "active", title: "执行中" },
  { state: "completed", title: "已完成" },
  { state: "failed", title: "失败" },
];

/** What each queue does, for the operator reading the page. */
const QUEUE_TITLES: Record<string, string> = {
  "notify-followers": "新内容通知关注者",
  "follow-mail": "关注提醒邮件",
  "mail-digests": "邮件推送（每小时、每周）",
  "counter-repair": "计数修复（每天 3:15、15:15）",
  "tracking-retention": "埋点数据清理（按月整块删除）",
  "monthly-partitions": "按月分区：预建与过期通知清理",
  "upload-variants": "图片尺寸生成",
  "search-champions": "搜索热门词排行重建",
  "upload-cleanup": "未使用上传清理",
};

const hrefOf = (pointer?: string | null) => pageHref("/admin/jobs", pointer);

/**
 * 后台任务 (/admin/jobs?pointer=): the durable job queue as admins see it — how many
 * jobs each queue holds in each state, the jobs that went wrong with their errors, newest first,
 * and 重试 for one that failed for good. Login required (401); anyone but an admin goes back to "/"
 * with 没有权限.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireViewer(context);
  const pointer = pointerParam(request, JOB_POINTER);
  // Anyone but an admin: back to "/" with 没有权限 (fromService's answer to 403, spec §6).
  const page = await fromService(context.services.jobs.overview({ pointer }, context.caller));
  return {
    queues: page.queues,
    troubled: page.troubled,
    nextHref: page.canNext ? hrefOf(page.pointer) : null,
    paged: !!pointer,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "后台任务");

/** The first line of an error: the message; the stack stays behind 详情. */
const firstLine = (text: string) => text.split("\n", 1)[0] || "（没有错误信息）";

export default function Jobs({ loaderData }: Route.ComponentProps) {
  const { queues, troubled, nextHref, paged } = loaderData;
  const { alert } = useShell();
  const revalidator = useRevalidator();
  const [retrying, setRetrying] = useState<string | null>(null);

  async function retry(job: TroubledJob) {
    setRetrying(job.id);
    try {
      await api.post("/api/admin/jobs/retry", { queue: job.queue, id: job.id });
      alert("已放回队列，稍后由任一实例执行", "success");
    } catch (error) {
      alert(errorMessage(error, "重试失败，请稍后再试"), "error");
    } finally {
      setRetrying(null);
      void revalidator.revalidate();
    }
  }

  return (
    <PageSection title="后台任务">
      <p className="withdrawals-lead">
        任务保存在 PostgreSQL（pg-boss），每个实例都会取任务执行；出错的任务按策略自动重试，最终失败的保留 14
        天，可在下面重试。
      </p>
      <div className="jobs-scroll">
        <table className="withdrawals-table jobs-queues">
          <caption className="visually-hidden">各队列的任务数</caption>
          <thead>
            <tr>
              <th scope="col">队列</th>
              {STATES.map((s) => (
                <th scope="col" key={s.state} className="jobs-count">
                  {s.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {queues.map((q) => (
              <tr key={q.queue}>
                <th scope="row">
                  <code>{q.queue}</code>
                  {QUEUE_TITLES[q.queue] ? (
                    <div className="jobs-queue-title">{QUEUE_TITLES[q.queue]}</div>
                  ) : null}
                </th>
                {STATES.map((s) => (
                  <td
                    key={s.state}
                    data-label={s.title}
                    className={
                      s.state === "failed" && q.states.failed ? "jobs-count jobs-failed" : "jobs-count"
                    }
                  >
                    {q.states[s.state] ?? 0}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2 className="jobs-heading">出错的任务</h2>
      {troubled.length === 0 ? (
        <EmptyState title="没有出错的任务" description="任务出错后会出现在这里" />
      ) : (
        <ul className="jobs-troubled">
          {troubled.map((job) => (
            <li key={job.id} className="jobs-job">
              <div className="jobs-job-head">
                <code>{job.queue}</code>
                <span className={job.state === "failed" ? "jobs-badge jobs-badge-failed" : "jobs-badge"}>
                  {job.state === "failed" ? "失败" : "待重试"}
                </span>
                <span className="jobs-tries">
                  已试 {job.retryCount + (job.state === "failed" ? 1 : 0)} 次，上限 {job.retryLimit + 1} 次
                </span>
                <time dateTime={job.createdOn}>{beijingTime(job.createdOn)}</time>
                {job.state === "failed" ? (
                  <button
                    type="button"
                    className="btn btn-primary jobs-retry"
                    disabled={retrying === job.id}
                    aria-label={`重试任务 ${job.queue} ${job.id}`}
                    onClick={() => void retry(job)}
                  >
                    {retrying === job.id ? "重试中…" : "重试"}
                  </button>
                ) : null}
              </div>
              <p className="jobs-error">{firstLine(job.error)}</p>
              <details className="jobs-details">
                <summary>详情</summary>
                <dl>
                  <dt>任务 id</dt>
                  <dd>
                    <code>{job.id}</code>
                  </dd>
                  {job.failedOn ? (
                    <>
                      <dt>出错时间</dt>
                      <dd>{beijingTime(job.failedOn)}</dd>
                    </>
                  ) : null}
                  <dt>参数</dt>
                  <dd>
                    <pre>{JSON.stringify(job.data, null, 2)}</pre>
                  </dd>
                  <dt>错误</dt>
                  <dd>
                    <pre>{job.error || "（没有错误信息）"}</pre>
                  </dd>
                </dl>
              </details>
            </li>
          ))}
        </ul>
      )}
      <FirstNextPager firstHref={hrefOf()} nextHref={nextHref} paged={paged} />
    </PageSection>
  );
}
