import { Link } from "react-router";
import { formatCount } from "../../../shared/format";
import { jobLine } from "~/components/user/job-line";
import { Avatar } from "~/components/ui/avatar";
import { EmptyState } from "~/components/ui/empty-state";
import { FIRST_SCREEN_ITEMS } from "~/components/ui/lazy-image";
import { FollowButton, useFollow } from "~/components/follow-button";
import { useShell } from "~/components/shell/shell-context";
import "./user.css";

export interface ListedUser {
  id: string;
  username: string;
  avatarLarge: string;
  jobTitle: string;
  company: string;
  followersCount: number;
  followed: boolean;
}

function UserRow({ user, self, eager }: { user: ListedUser; self: boolean; eager: boolean }) {
  const follow = useFollow(user);
  const job = jobLine(user);
  return (
    <li className="user-list-item">
      <Link to={`/user/${user.id}`} tabIndex={-1} aria-hidden="true">
        <Avatar user={user} size={44} eager={eager} />
      </Link>
      <div className="user-list-info">
        <Link to={`/user/${user.id}`} className="user-list-name">
          {user.username}
        </Link>
        <span className="user-list-meta">
          {job ? `${job} · ` : ""}
          {formatCount(follow.count)} 关注者
        </span>
      </div>
      {self ? null : <FollowButton follow={follow} label={`关注 ${user.username}`} />}
    </li>
  );
}

/** Users with a follow button each (follower and followee lists); none on one's own row. */
export function UserList({ users, emptyTitle }: { users: ListedUser[]; emptyTitle: string }) {
  const { viewer } = useShell();
  if (users.length === 0) return <EmptyState title={emptyTitle} />;
  return (
    <ul className="user-list">
      {users.map((user, i) => (
        <UserRow key={user.id} user={user} self={viewer?.id === user.id} eager={i < FIRST_SCREEN_ITEMS * 2} />
      ))}
    </ul>
  );
}
