import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { formatCount } from "../../../shared/format";
import { api, errorMessage } from "~/lib/api";
import { Avatar } from "~/components/ui/avatar";
import { Modal } from "~/components/ui/modal";
import "./likers-dialog.css";

interface Liker {
  id: string;
  username: string;
  avatarLarge: string | null;
  jobTitle: string;
  company: string;
}

interface LikersPage {
  list: Liker[];
  canNext: boolean;
  pointer: string | null;
}

const PAGE_SIZE = 20;

/**
 * Everyone who liked an entry (GET /api/entry/{id}/user), newest first, 20 at a time: 加载更多
 * continues from the last answer's keyset pointer, so likes arriving meanwhile neither repeat nor
 * skip anyone. A modal: focus stays inside, Esc closes, focus goes back to the row's button.
 */
export function LikersDialog({
  entryId,
  count,
  onClose,
}: {
  entryId: string;
  count: number;
  onClose: () => void;
}) {
  const [likers, setLikers] = useState<Liker[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [status, setStatus] = useState<"loading" | "done" | "error">("loading");
  const [error, setError] = useState("");
  const list = useRef<HTMLUListElement>(null);
  /** Index of the first liker of a page loaded by 加载更多: focus moves there, not to the page. */
  const focusFrom = useRef<number | null>(null);

  async function load(pointer: string | null) {
    setStatus("loading");
    try {
      const page = await api.get<LikersPage>(`/api/entry/${entryId}/user`, {
        pageSize: PAGE_SIZE,
        pointer: pointer ?? undefined,
      });
      setLikers((shown) => {
        if (pointer) focusFrom.current = shown.length;
        const seen = new Set(shown.map((u) => u.id));
        return [...shown, ...page.list.filter((u) => !seen.has(u.id))];
      });
      setNext(page.canNext ? page.pointer : null);
      setStatus("done");
    } catch (e) {
      setError(errorMessage(e, "加载失败，请稍后重试"));
      setStatus("error");
    }
  }

  useEffect(() => {
    void load(null);
    // Loads once per dialog: it closes before the entry can change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (focusFrom.current === null) return;
    list.current?.querySelectorAll<HTMLElement>("a")[focusFrom.current]?.focus();
    focusFrom.current = null;
  }, [likers]);

  return (
    <Modal
      open
      onClose={onClose}
      labelledBy="likers-title"
      className="likers-dialog"
      title={
        <>
          赞过的人 <span className="likers-count">{formatCount(count)}</span>
        </>
      }
    >
      {likers.length > 0 ? (
        <ul className="likers-list" ref={list}>
          {likers.map((u) => (
            <li key={u.id}>
              <Link to={`/user/${u.id}`} className="likers-person" onClick={onClose}>
                <Avatar user={u} size={36} />
                <span className="likers-name">
                  <strong>{u.username}</strong>
                  {/* jobLine written out: importing it would add its chunk to this dialog's preload
                      list in the article chunk, and the article page has no bytes to spare. */}
                  {u.jobTitle || u.company ? (
                    <small>{[u.jobTitle, u.company].filter(Boolean).join(" @ ")}</small>
                  ) : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : status === "done" ? (
        <p className="likers-note">还没有人赞过</p>
      ) : null}
      {status === "loading" ? (
        <p className="likers-note" role="status">
          加载中…
        </p>
      ) : status === "error" ? (
        <p className="likers-note" role="alert">
          {error}{" "}
          <button type="button" className="btn" onClick={() => void load(likers.length ? next : null)}>
            重试
          </button>
        </p>
      ) : next ? (
        <button type="button" className="btn likers-more" onClick={() => void load(next)}>
          加载更多
        </button>
      ) : null}
    </Modal>
  );
}
