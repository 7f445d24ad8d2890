import { LazyImage } from "./lazy-image";

interface AvatarProps {
  user: { username: string; avatarLarge?: string | null };
  size?: number;
  className?: string;
  /** False in a long list, below its first screen: the picture waits for the reader (LazyImage). */
  eager?: boolean;
}

/** The user's picture, or their first character on a coloured disc when they have none. */
export function Avatar({ user, size = 32, className, eager = true }: AvatarProps) {
  const style = { width: size, height: size };
  const classes = `avatar${className ? ` ${className}` : ""}`;
  if (user.avatarLarge) {
    return (
      <LazyImage
        className={classes}
        src={user.avatarLarge}
        alt={`${user.username}的头像`}
        width={size}
        height={size}
        eager={eager}
        style={style}
      />
    );
  }
  const initial = [...(user.username || "?")][0]?.toUpperCase() ?? "?";
  return (
    <span
      className={`${classes} avatar-fallback`}
      style={{ ...style, fontSize: Math.round(size * 0.45) }}
      role="img"
      aria-label={`${user.username}的头像`}
    >
      {initial}
    </span>
  );
}
