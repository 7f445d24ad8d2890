import { useState } from "react";
import { useRevalidator } from "react-router";
import { api } from "~/lib/api";
import { useApiAction } from "~/lib/use-api-action";
import { Dropdown } from "~/components/ui/dropdown";
import { ConfirmDialog } from "~/components/ui/modal";
import { useShell } from "~/components/shell/shell-context";
import type { BlockState } from "../../../shared/api-types";

/** What a block does, said before it is done. */
export const BLOCK_EXPLAINED =
  "拉黑后，对方不能再评论你的文章、分享和沸点，不能回复你的评论，也不能关注你；你们之间现有的关注会被解除。" +
  "你也不会再看到对方的内容和通知。之后可在「设置 → 屏蔽管理」中解除。";

type Change = "mute" | "unmute" | "block" | "unblock";
const DONE: Record<Change, string> = {
  mute: "已屏蔽，你不会再看到此用户的内容和通知",
  unmute: "已取消屏蔽",
  block: "已拉黑此用户",
  unblock: "已解除拉黑",
};

/**
 * The profile page's 「更多」 menu (a keyboard menu: arrows, Escape): 屏蔽此用户 / 拉黑此用户, or
 * their undoing when set. A block asks first. After a change the page's data is read again, so
 * the follower counts show the follows a block removed.
 */
export function BlockMenu({
  user,
  initial,
}: {
  user: { id: string; username: string };
  initial: BlockState;
}) {
  const { alert } = useShell();
  const revalidator = useRevalidator();
  const [state, setState] = useState(initial);
  const [confirming, setConfirming] = useState(false);
  const { busy, run } = useApiAction();

  async function change(what: Change) {
    await run(async () => {
      setState(await api.post<BlockState>(`/api/${what}`, { uid: user.id }));
      alert(DONE[what], "success");
      await revalidator.revalidate();
    }, "操作失败，请稍后重试");
    setConfirming(false);
  }

  return (
    <>
      <Dropdown
        className="profile-more"
        buttonClassName="btn profile-more-button"
        ariaLabel={`更多操作：${user.username}`}
        label="更多"
        align="left"
      >
        {(close) => (
          <>
            {state.blocked ? null : (
              <MenuAction
                label={state.muted ? "取消屏蔽" : "屏蔽此用户"}
                busy={busy}
                close={close}
                act={() => void change(state.muted ? "unmute" : "mute")}
              />
            )}
            <MenuAction
              label={state.blocked ? "解除拉黑" : "拉黑此用户"}
              busy={busy}
              close={close}
              act={() => (state.blocked ? void change("unblock") : setConfirming(true))}
            />
          </>
        )}
      </Dropdown>
      <ConfirmDialog
        open={confirming}
        title={`拉黑 ${user.username}？`}
        message={BLOCK_EXPLAINED}
        confirmLabel="拉黑"
        busy={busy}
        onConfirm={() => void change("block")}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

/** An item of the menu: it closes the menu, then acts; idle while a change is under way. */
function MenuAction({
  label,
  busy,
  close,
  act,
}: {
  label: string;
  busy: boolean;
  close: () => void;
  act: () => void;
}) {
  return (
    <button
      type="button"
      role="menuitem"
      className="menu-item"
      disabled={busy}
      onClick={() => {
        close();
        act();
      }}
    >
      {label}
    </button>
  );
}
