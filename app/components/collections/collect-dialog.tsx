import { useCallback, useEffect, useRef, useState } from "react";
import { api, errorMessage } from "~/lib/api";
import { increment, track } from "~/lib/tracking";
import { useShell } from "~/components/shell/shell-context";
import { Modal } from "~/components/ui/modal";
import { CollectionForm } from "./collection-form";
import type { CollectionSummary } from "./collection-list";

/** The caller's sets the dialog lists at once; more than this is rare for one person. */
const DIALOG_PAGE_SIZE = 100;

interface MySets {
  collectionSets: CollectionSummary[];
  sum: number;
  canNext: boolean;
}

interface CollectState {
  csId: string;
  entryId: string;
  isIn: boolean;
  entryCount: number;
}

interface AddToCollectionDialogProps {
  entryId: string;
  onClose: () => void;
  /** Called with whether the entry is now in any of the viewer's sets. */
  onChange: (isInAny: boolean) => void;
}

/**
 * The viewer's sets with a checkbox each (checked: the entry is in it). Ticking one collects the
 * entry at once, unticking takes it out; 新建收藏集 swaps the list for the create form and collects
 * the entry into the new set.
 */
export function AddToCollectionDialog({ entryId, onClose, onChange }: AddToCollectionDialogProps) {
  const { alert } = useShell();
  const [sets, setSets] = useState<CollectionSummary[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Set<string>>(new Set());
  const [creating, setCreating] = useState(false);
  const newButton = useRef<HTMLButtonElement>(null);
  const wasCreating = useRef(false);
  // Back from the form to the list: focus returns to 新建收藏集 rather than getting lost.
  useEffect(() => {
    if (wasCreating.current && !creating) newButton.current?.focus();
    wasCreating.current = creating;
  }, [creating]);

  useEffect(() => {
    let live = true;
    api
      .get<MySets>("/api/getUserCollectionSet/0", { entryId, pageSize: DIALOG_PAGE_SIZE })
      .then((page) => {
        if (!live) return;
        setSets(page.collectionSets);
        if (page.collectionSets.length === 0) setCreating(true);
      })
      .catch((error) => live && setLoadError(errorMessage(error, "收藏集加载失败，请稍后重试")));
    return () => {
      live = false;
    };
  }, [entryId]);

  const apply = useCallback(
    (next: CollectionSummary[]) => {
      setSets(next);
      onChange(next.some((s) => s.isIn));
    },
    [onChange],
  );

  async function toggle(set: CollectionSummary, on: boolean) {
    if (busy.has(set.id) || !sets) return;
    setBusy((b) => new Set(b).add(set.id));
    // Optimistic: the box flips at once; the server's answer (or a refusal) settles it.
    const flip = (isIn: boolean, entryCount: number) => (list: CollectionSummary[]) =>
      list.map((s) => (s.id === set.id ? { ...s, isIn, entryCount } : s));
    setSets((current) => flip(on, Math.max(0, set.entryCount + (on ? 1 : -1)))(current ?? []));
    try {
      const state = await api.put<CollectState>(on ? "/api/addEntry" : "/api/delEntry", {
        csId: set.id,
        entryId,
      });
      track(state.isIn ? "collect" : "uncollect", "entry", entryId, set.id);
      // Only a change is a statistic: a box already in that state moves nothing.
      if (state.isIn !== set.isIn) increment("csNum", state.isIn ? 1 : -1, set.id);
      const update = flip(state.isIn, state.entryCount);
      setSets((current) => update(current ?? []));
      const next = update(sets);
      if (state.isIn) onChange(true);
      else {
        // Spec §4: after uncollect the entry's collected flag comes from the server (it may sit in a
        // set this dialog does not list).
        const items = await api
          .get<{ entryId: string; isIn: boolean }[]>("/api/isInMyCollectionSet", { entryIds: entryId })
          .catch(() => null);
        onChange(items ? items.some((i) => i.entryId === entryId && i.isIn) : next.some((s) => s.isIn));
      }
    } catch (error) {
      setSets((current) => flip(set.isIn, set.entryCount)(current ?? []));
      alert(errorMessage(error, on ? "收藏失败，请稍后重试" : "取消收藏失败，请稍后重试"), "error");
    } finally {
      setBusy((b) => {
        const next = new Set(b);
        next.delete(set.id);
        return next;
      });
    }
  }

  async function created(set: CollectionSummary) {
    setCreating(false);
    try {
      const state = await api.put<CollectState>("/api/addEntry", { csId: set.id, entryId });
      track("collect", "entry", entryId, set.id);
      increment("csNum", 1, set.id);
      apply([{ ...set, isIn: state.isIn, entryCount: state.entryCount }, ...(sets ?? [])]);
      alert(`已收藏到「${set.title}」`, "success");
    } catch (error) {
      apply([set, ...(sets ?? [])]);
      alert(errorMessage(error, "收藏失败，请稍后重试"), "error");
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      labelledBy="collect-dialog-title"
      className="collection-dialog"
      title={creating ? "新建收藏集" : "加入收藏集"}
    >
      {creating ? (
        <CollectionForm
          idPrefix="collect-new"
          onSaved={(set) => void created(set)}
          onCancel={() => (sets && sets.length ? setCreating(false) : onClose())}
        />
      ) : (
        <>
          {loadError ? (
            <p className="field-error" role="alert">
              {loadError}
            </p>
          ) : sets === null ? (
            <p className="collect-dialog-status">加载中…</p>
          ) : (
            <ul className="collect-dialog-list" aria-label="我的收藏集">
              {sets.map((set) => (
                <li key={set.id} className="collect-dialog-item">
                  <label>
                    <input
                      type="checkbox"
                      checked={set.isIn}
                      disabled={busy.has(set.id)}
                      onChange={(e) => void toggle(set, e.target.checked)}
                    />
                    <span className="collect-dialog-name">{set.title}</span>
                    <span className="collect-dialog-count">{set.entryCount} 篇</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
          <div className="collect-dialog-actions">
            <button ref={newButton} type="button" className="btn" onClick={() => setCreating(true)}>
              新建收藏集
            </button>
            <button type="button" className="btn btn-primary" onClick={onClose}>
              完成
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
