import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import type { PresentedBooklet, PresentedSection } from "../../../shared/api-types";
import { api } from "~/lib/api";
import { useApiAction } from "~/lib/use-api-action";
import { useShell } from "~/components/shell/shell-context";
import "./booklets.css";

/**
 * The flags of spec §4 ("draft, hot and free flags are set through calls"), for the people allowed to
 * set them: the author publishes or takes back and picks the free sections; an admin also marks the
 * booklet hot (spec §6). Each change is one call, then the page's loaders reload.
 */
export function BookletManage({
  booklet,
  sections,
}: {
  booklet: PresentedBooklet;
  sections: PresentedSection[];
}) {
  const { viewer, alert } = useShell();
  const revalidator = useRevalidator();
  const { busy, run: call } = useApiAction();
  // The box follows the click at once; the server's answer (or a failure) settles it.
  const [freeNow, setFreeNow] = useState<Record<string, boolean>>({});
  const admin = viewer?.role === "admin";
  if (!booklet.isAuthor && !admin) return null;

  async function run(change: () => Promise<unknown>, done: string, undo?: () => void) {
    const went = await call(async () => {
      await change();
      alert(done, "success");
      await revalidator.revalidate();
    });
    if (!went) undo?.();
  }

  /** Turns one of the booklet's flags over: PUT /api/booklets/{flag} with the opposite value. */
  function flip(flag: "isDraft" | "isHot", done: string) {
    void run(() => api.put(`/api/booklets/${flag}`, { bookletId: booklet.id, [flag]: !booklet[flag] }), done);
  }

  return (
    <section className="panel booklet-manage" aria-labelledby="manage-title">
      <h2 id="manage-title" className="booklet-manage-title">
        {booklet.isAuthor ? "作者管理" : "管理员操作"}
      </h2>
      <div className="booklet-manage-actions">
        <Link to={`/editor/book/${booklet.id}/section`} className="btn btn-primary">
          编辑小册
        </Link>
        <button
          type="button"
          className="btn"
          disabled={busy || (!booklet.isDraft && booklet.buyCount > 0)}
          title={!booklet.isDraft && booklet.buyCount > 0 ? "已有读者购买，不能下架" : undefined}
          onClick={() => flip("isDraft", booklet.isDraft ? "已上架" : "已下架")}
        >
          {booklet.isDraft ? "上架小册" : "下架小册"}
        </button>
        {admin ? (
          <button
            type="button"
            className="btn"
            aria-pressed={booklet.isHot}
            disabled={busy}
            onClick={() => flip("isHot", booklet.isHot ? "已取消热门" : "已设为热门")}
          >
            {booklet.isHot ? "取消热门" : "设为热门"}
          </button>
        ) : null}
      </div>
      {sections.length > 0 ? (
        <fieldset className="booklet-manage-free" disabled={busy}>
          <legend>免费试读的章节</legend>
          {sections.map((s, i) => (
            <label key={s.id} className="booklet-manage-section">
              <input
                type="checkbox"
                checked={freeNow[s.id] ?? s.isFree}
                onChange={(e) => {
                  const isFree = e.target.checked;
                  setFreeNow((m) => ({ ...m, [s.id]: isFree }));
                  void run(
                    () => api.put("/api/booklets/isFreeSection", { sectionId: s.id, isFree }),
                    isFree ? `第 ${i + 1} 节已设为免费` : `第 ${i + 1} 节已取消免费`,
                    () => setFreeNow((m) => ({ ...m, [s.id]: !isFree })),
                  );
                }}
              />
              <span>
                {i + 1}. {s.title}
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
    </section>
  );
}
