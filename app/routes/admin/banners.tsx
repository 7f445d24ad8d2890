import { useState } from "react";
import { useRevalidator } from "react-router";
import type { Route } from "./+types/banners";
import type { Banner } from "../../../shared/api-types";
import { useShell } from "~/components/shell/shell-context";
import { EmptyState } from "~/components/ui/empty-state";
import { ConfirmDialog } from "~/components/ui/modal";
import { api } from "~/lib/api";
import { requireViewer } from "~/lib/guards.server";
import { fromService } from "~/lib/loader.server";
import { titleMeta } from "~/lib/title";
import { useApiAction } from "~/lib/use-api-action";
import { beijingTime } from "../../../shared/format";
import { BannerForm } from "./banner-form";
import "./admin.css";
import { uncachedPage } from "~/lib/page-cache.server";

export const headers = uncachedPage;

/**
 * 横幅管理 (/admin/banners): every banner, stopped and expired ones too (GET /api/banners), with
 * 新建, 编辑 and 删除 through the banner calls. Login required (401); anyone but an admin gets 403.
 */
export async function loader({ context }: Route.LoaderArgs) {
  requireViewer(context);
  // A non-admin's 403 goes back to / with 没有权限 (fromService's default, spec §6).
  const banners = await fromService(context.services.banners.all(context.caller));
  return { banners, now: Date.now() };
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "横幅管理");

// A banner's window is set to the minute: the seconds are left off.
const timeText = (iso: string) => beijingTime(iso).slice(0, -3);

/** What get_banner does with a banner at `now`: the same rule as the service's (active, window). */
function stateOf(b: Banner, now: number): { text: string; live: boolean } {
  if (!b.active) return { text: "已停用", live: false };
  if (b.startedAt && Date.parse(b.startedAt) > now) return { text: "未开始", live: false };
  if (b.endedAt && Date.parse(b.endedAt) <= now) return { text: "已结束", live: false };
  return { text: "展示中", live: true };
}

const POSITION_TITLES = { hero: "顶部", aside: "侧栏" } as const;

export default function Banners({ loaderData }: Route.ComponentProps) {
  const { banners, now } = loaderData;
  const { alert } = useShell();
  const revalidator = useRevalidator();
  /** The banner being edited, "new" for 新建横幅, null when the form is closed. */
  const [editing, setEditing] = useState<Banner | "new" | null>(null);
  const [removing, setRemoving] = useState<Banner | null>(null);
  // Each row's buttons; the label names the banner, since a screen reader hears many 编辑 in a row.
  const rowActions: [string, (banner: Banner) => void][] = [
    ["编辑", setEditing],
    ["删除", setRemoving],
  ];
  const { busy, run } = useApiAction();

  function saved(banner: Banner) {
    alert(editing === "new" ? "横幅已创建" : "横幅已保存", "success");
    setEditing(null);
    void revalidator.revalidate();
    // Back to the row just saved, so a keyboard user goes on from there.
    requestAnimationFrame(() => document.getElementById(`banner-${banner.id}`)?.focus());
  }

  async function remove() {
    if (!removing) return;
    await run(async () => {
      await api.del(`/api/banners/${removing.id}`);
      alert("横幅已删除", "success");
      if (editing !== "new" && editing?.id === removing.id) setEditing(null);
    }, "删除失败，请稍后重试");
    // Read again after a refusal too: the banner may be gone already.
    setRemoving(null);
    void revalidator.revalidate();
  }

  return (
    <div className="container">
      <section className="panel">
        <header className="panel-header admin-header">
          <h1 className="panel-title">横幅管理</h1>
          <button type="button" className="btn btn-primary" onClick={() => setEditing("new")}>
            新建横幅
          </button>
        </header>
        <p className="withdrawals-lead">
          顶部横幅显示在首页和发现页的列表上方，侧栏横幅显示在信息流页的右栏；每处最多显示 2
          个，按排序从小到大， 读者关闭的不再显示。修改后几秒内生效。
        </p>
        {editing ? (
          <BannerForm
            key={editing === "new" ? "new" : editing.id}
            banner={editing === "new" ? null : editing}
            onSaved={saved}
            onCancel={() => setEditing(null)}
          />
        ) : null}
        {banners.length === 0 ? (
          <EmptyState title="还没有横幅" description="点「新建横幅」添加第一个" />
        ) : (
          <ul className="banner-admin-list">
            {banners.map((b) => {
              const state = stateOf(b, now);
              return (
                <li key={b.id} id={`banner-${b.id}`} tabIndex={-1} className="banner-admin-item">
                  <img
                    className={`banner-admin-image banner-admin-${b.position}`}
                    src={b.imageUrl}
                    alt={b.title || "横幅图片"}
                    loading="lazy"
                  />
                  <div className="banner-admin-body">
                    <p className="banner-admin-title">
                      <span className="jobs-badge">{POSITION_TITLES[b.position]}</span>
                      <strong>{b.title || "（无标题）"}</strong>
                      <span className={state.live ? "jobs-badge banner-admin-live" : "jobs-badge"}>
                        {state.text}
                      </span>
                    </p>
                    <p className="banner-admin-meta">
                      <span className="banner-admin-url">{b.url}</span>
                      <span>排序 {b.order}</span>
                      {b.startedAt || b.endedAt ? (
                        <span>
                          {b.startedAt ? timeText(b.startedAt) : "不限"} 至{" "}
                          {b.endedAt ? timeText(b.endedAt) : "不限"}
                        </span>
                      ) : null}
                    </p>
                  </div>
                  <div className="banner-admin-actions">
                    {rowActions.map(([verb, act]) => (
                      <button
                        key={verb}
                        type="button"
                        className="btn"
                        aria-label={`${verb} ${b.title || b.url}`}
                        onClick={() => act(b)}
                      >
                        {verb}
                      </button>
                    ))}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={removing !== null}
        title="删除横幅"
        message={removing ? `删除「${removing.title || removing.url}」？删除后无法恢复。` : undefined}
        confirmLabel="删除"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
