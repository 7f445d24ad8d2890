import { Link } from "react-router";
import { Avatar } from "./avatar";

/** A sidebar's author: picture, name and job title, linking to their page. */
export function AuthorRow({
  user,
}: {
  user: { id: string; username: string; avatarLarge?: string | null; jobTitle?: string | null };
}) {
  return (
    <Link to={`/user/${user.id}`} className="author-row">
      <Avatar user={user} size={40} />
      <span>
        <strong>{user.username}</strong>
        {user.jobTitle ? <small>{user.jobTitle}</small> : null}
      </span>
    </Link>
  );
}
