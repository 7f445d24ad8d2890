import { Link } from "react-router";

/** Each of an entry's tags as a link to the tag's page (/tag/{title}). */
export function TagLinks({
  tags,
  className,
}: {
  tags: readonly { id: string; title: string }[];
  className: string;
}) {
  return tags.map((tag) => (
    <Link key={tag.id} to={`/tag/${encodeURIComponent(tag.title)}`} className={className}>
      {tag.title}
    </Link>
  ));
}
