import type { ReactNode } from "react";

/**
 * One row of the account settings' list (`<dl>`): the label, then the value with its actions. While
 * the row edits, `labelFor` names its input, so the label becomes that input's <label>. (The profile
 * page writes its rows out: importing this there too would cost both pages a chunk of their own.)
 */
export function SettingsRow({
  label,
  labelFor,
  channel,
  children,
}: {
  label: ReactNode;
  labelFor?: string;
  /** The sign-in channel a third-party row stands for (`data-channel`). */
  channel?: string;
  children: ReactNode;
}) {
  return (
    <div className="settings-row" data-channel={channel}>
      <dt className="settings-label">{labelFor ? <label htmlFor={labelFor}>{label}</label> : label}</dt>
      <dd className="settings-value">{children}</dd>
    </div>
  );
}
