import { useEffect, useRef, useState } from "react";
import { api, errorMessage } from "~/lib/api";
import { useShell } from "~/components/shell/shell-context";
import "./settings.css";

export type MailPushType = "follow" | "article" | "week";
export type MailStatus = Record<MailPushType, boolean>;

const SWITCHES: { type: MailPushType; title: string; description: string }[] = [
  { type: "follow", title: "关注我的人有新动态", description: "我关注的人发布文章或分享时发邮件提醒我" },
  { type: "article", title: "文章推荐", description: "根据我关注的标签推荐优质文章" },
  { type: "week", title: "每周精选", description: "每周一封，汇总一周的热门文章" },
];

/** Spec §4: a failed toggle shows the alert at once and puts the switch back after 1 s. */
export const REVERT_DELAY_MS = 1000;

/**
 * The three mail-push switches. A click flips the switch at once and sends subscribe.php; the
 * answer (the whole status) replaces the guess. While a switch's request is out, or while a failed
 * one waits to revert, clicks on that switch are ignored (aria-busy, not `disabled`: a disabled
 * input would drop keyboard focus) so they cannot race the revert.
 */
export function MailPushSwitches({ initial }: { initial: MailStatus }) {
  const { alert } = useShell();
  const [status, setStatus] = useState(initial);
  const [busy, setBusy] = useState<Partial<Record<MailPushType, boolean>>>({});
  // The same set as `busy`, readable before React re-renders (two clicks in one frame).
  const pending = useRef(new Set<MailPushType>());
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  async function toggle(type: MailPushType, check: boolean) {
    if (pending.current.has(type)) return;
    pending.current.add(type);
    const done = () => {
      pending.current.delete(type);
      setBusy((b) => ({ ...b, [type]: false }));
    };
    setBusy((b) => ({ ...b, [type]: true }));
    setStatus((s) => ({ ...s, [type]: check }));
    try {
      const next = await api.post<MailStatus>("/api/subscribe.php", { type, check });
      // Only this switch's answer is taken: another switch may have its own request out.
      setStatus((s) => ({ ...s, [type]: next[type] }));
      done();
    } catch (error) {
      alert(errorMessage(error, "设置失败，请稍后重试"), "error");
      timers.current.push(
        setTimeout(() => {
          setStatus((s) => ({ ...s, [type]: !check }));
          done();
        }, REVERT_DELAY_MS),
      );
    }
  }

  return (
    <ul className="mail-switches">
      {SWITCHES.map(({ type, title, description }) => (
        <li key={type}>
          <label className="mail-switch" htmlFor={`mail-${type}`}>
            <span className="mail-switch-text">
              <span className="mail-switch-title">{title}</span>
              <span className="mail-switch-desc" id={`mail-${type}-desc`}>
                {description}
              </span>
            </span>
            <input
              id={`mail-${type}`}
              name={type}
              type="checkbox"
              role="switch"
              className="switch-input"
              aria-describedby={`mail-${type}-desc`}
              aria-busy={busy[type] || undefined}
              checked={status[type]}
              onChange={(event) => void toggle(type, event.target.checked)}
            />
          </label>
        </li>
      ))}
    </ul>
  );
}
