import { useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import type {
  BookletSales,
  PresentedBooklet,
  PresentedSection,
  SectionContent,
} from "../../../shared/api-types";
import { formatYuan } from "../../../shared/wallet-rules";
import { useShell } from "~/components/shell/shell-context";
import { Modal } from "~/components/ui/modal";
import { api, errorMessage } from "~/lib/api";
import { BookletForm, type BookletFields } from "./booklet-form";
import { SectionEditor } from "./section-editor";
import { SectionOutline } from "./section-outline";

export interface BookletEditorData {
  categories: { name: string; title: string }[];
  booklet: PresentedBooklet;
  sections: PresentedSection[];
  sales: BookletSales;
  /** The open section with its Markdown and rendered preview; null when there is none yet. */
  section: SectionContent | null;
}

/**
 * The author's side of a booklet (/editor/book/{id}/section): on the left the booklet (status, sales,
 * 小册信息, 上架/下架) and its sections (open, add, move up/down); on the right the open section in
 * the Markdown editor. Every change is one call, then the page's loader reloads.
 */
export function BookletEditor({ categories, booklet, sections, sales, section }: BookletEditorData) {
  const { alert } = useShell();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [infoOpen, setInfoOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // The open section's title as typed, so the list follows the editor before the next reload.
  const [liveTitle, setLiveTitle] = useState<{ id: string; title: string } | null>(null);
  const base = `/editor/book/${booklet.id}/section`;
  const takenBack = !booklet.isDraft && booklet.buyCount > 0;

  async function run(call: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await call();
      alert(done, "success");
      await revalidator.revalidate();
      return true;
    } catch (err) {
      alert(errorMessage(err), "error");
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function saveInfo(fields: BookletFields) {
    await api.put(`/api/booklets/${booklet.id}`, fields);
    setInfoOpen(false);
    alert("小册信息已保存", "success");
    await revalidator.revalidate();
  }

  return (
    <div className="editor-page booklet-editor">
      <aside className="booklet-editor-side" aria-label="小册与章节">
        <section className="booklet-editor-head" aria-labelledby="booklet-editor-title">
          <h1 id="booklet-editor-title" className="booklet-editor-title">
            {booklet.title}
          </h1>
          <p className="booklet-editor-state">
            <span className={`booklet-badge ${booklet.isDraft ? "draft" : "live"}`}>
              {booklet.isDraft ? "草稿" : "已上架"}
            </span>
            <span>
              已售 <strong data-testid="booklet-sold">{sales.buyCount}</strong> 份
            </span>
            <span>
              收入 <strong data-testid="booklet-income">¥{formatYuan(sales.income)}</strong>
            </span>
          </p>
          <div className="booklet-editor-actions">
            <button type="button" className="btn" onClick={() => setInfoOpen(true)}>
              小册信息
            </button>
            <button
              type="button"
              className={booklet.isDraft ? "btn btn-primary" : "btn"}
              disabled={busy || takenBack}
              title={takenBack ? "已有读者购买，不能下架" : undefined}
              onClick={() =>
                void run(
                  () =>
                    api.put("/api/booklets/isDraft", { bookletId: booklet.id, isDraft: !booklet.isDraft }),
                  booklet.isDraft ? "小册已上架" : "小册已下架",
                )
              }
            >
              {booklet.isDraft ? "上架小册" : "下架小册"}
            </button>
            <Link to={`/book/${booklet.id}`} className="btn btn-text">
              {booklet.isDraft ? "预览小册页" : "查看小册"}
            </Link>
          </div>
        </section>
        <SectionOutline
          bookletId={booklet.id}
          sections={sections}
          currentId={section?.id ?? null}
          currentTitle={section && liveTitle?.id === section.id ? liveTitle.title : null}
          base={base}
          onAdded={(id) => navigate(`${base}?section=${id}`)}
        />
      </aside>
      <div className="booklet-editor-main">
        {section ? (
          <SectionEditor
            key={section.id}
            section={section}
            published={!booklet.isDraft}
            onTitle={(title) => setLiveTitle({ id: section.id, title })}
            onDeleted={() => {
              const rest = sections.filter((s) => s.id !== section.id);
              const index = sections.findIndex((s) => s.id === section.id);
              const next = rest[Math.min(index, rest.length - 1)];
              setLiveTitle(null);
              navigate(next ? `${base}?section=${next.id}` : base, { replace: true });
            }}
          />
        ) : (
          <div className="booklet-editor-empty">
            <h2>还没有章节</h2>
            <p>在左侧输入章节标题并点「添加章节」，就可以开始写作了。</p>
          </div>
        )}
      </div>
      <Modal
        open={infoOpen}
        onClose={() => setInfoOpen(false)}
        labelledBy="booklet-info-title"
        className="booklet-info-dialog"
        title="小册信息"
      >
        <BookletForm
          booklet={booklet}
          categories={categories}
          submitLabel="保存"
          onSubmit={saveInfo}
          onCancel={() => setInfoOpen(false)}
        />
      </Modal>
    </div>
  );
}
