/**
 * A 14 px outline icon that fills when its toggle is on (like, collect). Inline SVG: emoji glyphs
 * depend on an emoji font the reader may not have.
 */
export function ToggleIcon({ filled, path }: { filled: boolean; path: string }) {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" className="icon">
      <path
        fill={filled ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth={filled ? 0 : 1.3}
        strokeLinejoin="round"
        d={path}
      />
    </svg>
  );
}
