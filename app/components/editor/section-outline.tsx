import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useRevalidator } from "react-router";
import { TITLE_MAX, checkBookletTitle } from "../../../shared/booklet-rules";
import type { PresentedSection } from "../../../shared/api-types";
import { useShell } from "~/components/shell/shell-context";
import { ApiError, api, errorMessage } from "~/lib/api";
import { FormError } from "~/components/ui/field";

type Direction = "up" | "down";

/** A section's two move buttons; the first cannot go up, nor the last down. */
const MOVES: readonly { direction: Direction; label: string; arrow: string }[] = [
  { direction: "up", label: "上移", arrow: "↑" },
  { direction: "down", label: "下移", arrow: "↓" },
];

/**
 * The booklet's sections in reading order, beside the editor: open one, move it up or down (buttons,
 * so the keyboard can: focus stays on the moved section's button), add one at the end. The order is
 * sent whole (PUT /api/booklets/{id}/sections/order) and shown at once; a refusal puts it back.
 */
export function SectionOutline({
  bookletId,
  sections,
  currentId,
  currentTitle,
  base,
  onAdded,
}: {
  bookletId: string;
  sections: PresentedSection[];
  currentId: string | null;
  /** The open section's title as being typed. */
  currentTitle: string | null;
  /** The editor's URL; a section opens at base?section={id}. */
  base: string;
  onAdded: (id: string) => void;
}) {
  const { alert } = useShell();
  const revalidator = useRevalidator();
  // The order just asked for, shown until the reload brings the server's (a new `sections`).
  const [pending, setPending] = useState<{ base: PresentedSection[]; next: PresentedSection[] } | null>(null);
  const order = pending && pending.base === sections ? pending.next : sections;
  const [busy, setBusy] = useState(false);
  const [newTitle, setNewTitle] = useState("");
  const [addError, setAddError] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const refocus = useRef<{ id: string; direction: Direction; index: number } | null>(null);

  // Moving a row in the DOM (and disabling the buttons while the call runs) drops focus: once the
  // row shows in its new place, focus goes back to the pressed button, or to its twin when the row
  // reached the first or last place.
  useEffect(() => {
    const want = refocus.current;
    if (!want || busy || order[want.index]?.id !== want.id) return;
    refocus.current = null;
    const row = listRef.current?.querySelector<HTMLElement>(`[data-section="${want.id}"]`);
    const same = row?.querySelector<HTMLButtonElement>(`[data-move="${want.direction}"]`);
    const other = row?.querySelector<HTMLButtonElement>(
      `[data-move="${want.direction === "up" ? "down" : "up"}"]`,
    );
    (same && !same.disabled ? same : other)?.focus();
  }, [order, busy]);

  async function move(index: number, direction: Direction) {
    const to = direction === "up" ? index - 1 : index + 1;
    if (to < 0 || to >= order.length) return;
    const next = [...order];
    [next[index], next[to]] = [next[to], next[index]];
    setPending({ base: sections, next });
    refocus.current = { id: next[to].id, direction, index: to };
    setBusy(true);
    try {
      await api.put(`/api/booklets/${bookletId}/sections/order`, { sectionIds: next.map((s) => s.id) });
      await revalidator.revalidate();
    } catch (err) {
      setPending(null);
      refocus.current = null;
      alert(errorMessage(err, "调整顺序失败，请稍后重试"), "error");
      // The list changed elsewhere (sectionIds refused): read it again.
      if (err instanceof ApiError && err.field === "sectionIds") await revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    const problem = checkBookletTitle(newTitle);
    setAddError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const created = await api.post<PresentedSection>(`/api/booklets/${bookletId}/sections`, {
        title: newTitle.trim(),
        content: "",
      });
      setNewTitle("");
      onAdded(created.id);
    } catch (err) {
      setAddError(errorMessage(err, "添加失败，请稍后重试"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="section-outline" aria-labelledby="section-outline-title">
      <h2 id="section-outline-title" className="section-outline-title">
        章节（{order.length}）
      </h2>
      {order.length > 0 ? (
        <ol className="section-outline-list" ref={listRef}>
          {order.map((s, i) => {
            const title = s.id === currentId && currentTitle !== null ? currentTitle : s.title;
            const shown = title.trim() || "未命名章节";
            return (
              <li
                key={s.id}
                data-section={s.id}
                className={s.id === currentId ? "section-outline-row current" : "section-outline-row"}
              >
                <Link
                  to={`${base}?section=${s.id}`}
                  className="section-outline-link"
                  aria-current={s.id === currentId ? "page" : undefined}
                >
                  <span className="section-outline-index">{i + 1}</span>
                  <span className="section-outline-name">{shown}</span>
                  {s.isFree ? <span className="section-mark free">免费</span> : null}
                </Link>
                <span className="section-outline-moves">
                  {MOVES.map(({ direction, label, arrow }) => (
                    <button
                      key={direction}
                      type="button"
                      className="section-outline-move"
                      data-move={direction}
                      aria-label={`${label}「${shown}」`}
                      title={label}
                      disabled={busy || i === (direction === "up" ? 0 : order.length - 1)}
                      onClick={() => void move(i, direction)}
                    >
                      {arrow}
                    </button>
                  ))}
                </span>
              </li>
            );
          })}
        </ol>
      ) : null}
      <form className="section-outline-add" onSubmit={add} noValidate>
        <label htmlFor="new-section-title" className="visually-hidden">
          新章节标题
        </label>
        <input
          id="new-section-title"
          className="input"
          placeholder="新章节标题"
          value={newTitle}
          maxLength={TITLE_MAX * 2}
          aria-invalid={addError ? true : undefined}
          aria-describedby={addError ? "new-section-error" : undefined}
          onChange={(event) => setNewTitle(event.target.value)}
        />
        <button type="submit" className="btn" disabled={busy}>
          添加章节
        </button>
        <FormError id="new-section-error" message={addError} />
      </form>
    </section>
  );
}
