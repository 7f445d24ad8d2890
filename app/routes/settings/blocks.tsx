import { useState, type MouseEvent } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/blocks";
import { Avatar } from "~/components/ui/avatar";
import { EmptyState } from "~/components/ui/empty-state";
import { useShell } from "~/components/shell/shell-context";
import { api, errorMessage } from "~/lib/api";
import { requireViewer } from "~/lib/guards.server";
import { titleMeta } from "~/lib/title";
import type { BlockListPage, BlockedUser } from "../../../shared/api-types";
import { jobLine } from "~/components/user/job-line";
import { decodePointer } from "../../../shared/pagination";
import "~/components/user/user.css";
import { uncachedPage } from "~/lib/page-cache.server";

export const headers = uncachedPage;

type Kind = "mute" | "block";
const SECTIONS: readonly { kind: Kind; title: string; hint: string; undo: string; empty: string }[] = [
  {
    kind: "mute",
    title: "已屏蔽",
    hint: "你不会在信息流、列表、评论和通知里看到他们；他们仍可评论和关注你。",
    undo: "取消屏蔽",
    empty: "还没有屏蔽任何人",
  },
  {
    kind: "block",
    title: "已拉黑",
    hint: "除屏蔽的效果外，他们不能评论你的内容、回复你的评论，也不能关注你。",
    undo: "解除拉黑",
    empty: "还没有拉黑任何人",
  },
];

const hrefOf = (kind: Kind, before?: string) =>
  `/user/settings/blocks?tab=${kind}${before ? `&before=${encodeURIComponent(before)}` : ""}`;

/** 屏蔽管理: the viewer's muted or blocked people, newest first, paged by pointer. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireViewer(context);
  const url = new URL(request.url);
  const kind: Kind = url.searchParams.get("tab") === "block" ? "block" : "mute";
  // A malformed pointer in the address means the first page rather than an error page.
  const raw = url.searchParams.get("before");
  const before = raw && decodePointer(raw, "date") ? raw : undefined;
  return { kind, page: await context.services.blocks.list({ kind, before }, context.caller) };
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "屏蔽管理");

function BlockedRow({ user, undo, onUndone }: { user: BlockedUser; undo: string; onUndone: () => void }) {
  const { alert } = useShell();
  const [busy, setBusy] = useState(false);
  const job = jobLine(user);
  async function release() {
    setBusy(true);
    try {
      await api.post(user.kind === "block" ? "/api/unblock" : "/api/unmute", { uid: user.id });
      alert(`已${undo} ${user.username}`, "success");
      onUndone();
    } catch (error) {
      alert(errorMessage(error), "error");
      setBusy(false);
    }
  }
  return (
    <li className="block-list-item">
      <Link to={`/user/${user.id}`} tabIndex={-1} aria-hidden="true">
        <Avatar user={user} size={44} />
      </Link>
      <div className="user-list-info">
        <Link to={`/user/${user.id}`} className="user-list-name">
          {user.username}
        </Link>
        {job ? <span className="user-list-meta">{job}</span> : null}
      </div>
      <button
        type="button"
        className="btn"
        disabled={busy}
        aria-label={`${undo} ${user.username}`}
        onClick={() => void release()}
      >
        {undo}
      </button>
    </li>
  );
}

/** One kind's list: the loader's first page, more appended in place (a plain link before hydration). */
function BlockedList({ kind, first }: { kind: Kind; first: BlockListPage }) {
  const { alert } = useShell();
  const section = SECTIONS.find((s) => s.kind === kind)!;
  const [people, setPeople] = useState(first.list);
  const [next, setNext] = useState(first.canNext ? first.pointer : null);
  const [loading, setLoading] = useState(false);

  async function loadMore(event: MouseEvent) {
    if (!next) return;
    event.preventDefault();
    setLoading(true);
    try {
      const page = await api.get<BlockListPage>(
        `/api/blocks?kind=${kind}&before=${encodeURIComponent(next)}`,
      );
      setPeople((list) => [...list, ...page.list.filter((p) => !list.some((q) => q.id === p.id))]);
      setNext(page.canNext ? page.pointer : null);
    } catch (error) {
      alert(errorMessage(error, "加载失败，请稍后重试"), "error");
    } finally {
      setLoading(false);
    }
  }

  return (
    <>
      <p className="settings-hint">{section.hint}</p>
      {people.length ? (
        <ul className="block-list" aria-label={section.title}>
          {people.map((user) => (
            <BlockedRow
              key={user.id}
              user={user}
              undo={section.undo}
              onUndone={() => setPeople((list) => list.filter((p) => p.id !== user.id))}
            />
          ))}
        </ul>
      ) : (
        <EmptyState title={section.empty} />
      )}
      {next ? (
        <Link
          to={hrefOf(kind, next)}
          className="btn block-list-more"
          aria-busy={loading || undefined}
          onClick={(event) => void loadMore(event)}
        >
          {loading ? "加载中..." : "加载更多"}
        </Link>
      ) : null}
    </>
  );
}

export default function BlockSettings({ loaderData }: Route.ComponentProps) {
  const { kind, page } = loaderData;
  return (
    <div className="settings-body">
      <h2 className="settings-title">屏蔽管理</h2>
      <nav className="block-tabs" aria-label="屏蔽管理">
        {SECTIONS.map((s) => (
          <Link key={s.kind} to={hrefOf(s.kind)} aria-current={s.kind === kind ? "page" : undefined}>
            {s.title}
          </Link>
        ))}
      </nav>
      {/* Keyed by what the loader read: another tab or page starts a fresh list. */}
      <BlockedList key={`${kind}:${page.list[0]?.id ?? ""}:${page.pointer ?? ""}`} kind={kind} first={page} />
    </div>
  );
}
