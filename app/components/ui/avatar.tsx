interface AvatarProps {
  user: { username: string; avatarLarge?: string | null };
  size?: number;
  className?: string;
}

/** The user's picture, or their first character on a coloured disc when they have none. */
export function Avatar({ user, size = 32, className }: AvatarProps) {
  const style = { width: size, height: size };
  const classes = `avatar${className ? ` ${className}` : ""}`;
  if (user.avatarLarge) {
    return (
      <img
        className={classes}
        src={user.avatarLarge}
        alt={`${user.username}的头像`}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
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
