import "./tags.css";
/** A tag's icon, or its first letter on a tinted square when it has none. */
export function TagIcon({ tag, size = 48 }: { tag: { title: string; icon?: string }; size?: number }) {
  if (tag.icon) {
    return (
      <img
        className="tag-icon-image"
        src={tag.icon}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
      />
    );
  }
  return (
    <span
      className="tag-icon-letter"
      aria-hidden="true"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.45) }}
    >
      {Array.from(tag.title)[0]?.toUpperCase() ?? "#"}
    </span>
  );
}
