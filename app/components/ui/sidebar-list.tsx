import type { ReactNode } from "react";

/**
 * A list in a sidebar card, one item a line, or the card's muted `empty` line when there is nothing
 * to list (a card that vanished would leave the reader wondering whether it failed to load).
 */
export function SidebarList<T extends { id: string }>({
  items,
  empty,
  className,
  ordered,
  children,
}: {
  items: readonly T[];
  empty: string;
  className: string;
  /** A ranking (本周最热): an <ol>, so the rank is announced too. */
  ordered?: boolean;
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <p className="sidebar-empty">{empty}</p>;
  const List = ordered ? "ol" : "ul";
  return (
    <List className={className}>
      {items.map((item) => (
        <li key={item.id}>{children(item)}</li>
      ))}
    </List>
  );
}
