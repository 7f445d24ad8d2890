import "./mask-icon.css";

/** The drawings of mask-icon.css. */
export type MaskIconName = "thumb" | "star" | "comment";

/** A 14 px icon in the text colour (mask-icon.css); `filled` for a toggle that is on (liked, collected). */
export function MaskIcon({ name, filled = false }: { name: MaskIconName; filled?: boolean }) {
  return <span className={`mask-icon mask-icon-${name}${filled ? " filled" : ""}`} aria-hidden="true" />;
}
