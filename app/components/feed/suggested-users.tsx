import { useEffect, useState } from "react";
import { Link } from "react-router";
import { api } from "~/lib/api";
import { jobLine } from "~/components/user/job-line";
import { FollowButton, useFollow } from "~/components/follow-button";
import { Avatar } from "~/components/ui/avatar";
import { SidebarCard } from "./sidebar";
import type { ListedUser } from "~/components/user/user-list";

/** Spec §9: 4 suggested users; §7: the call gives up after 5 s. */
export const SUGGESTED_USERS = 4;
export const SUGGESTED_USERS_TIMEOUT_MS = 5000;

/** What GET /api/getByTag answers per user: the shape every user list shows. */
type SuggestedUser = ListedUser;

/**
 * 推荐关注 (spec §7 GET /getByTag, §5): people the logged-in reader might follow — never the reader,
 * never twice. Fetched after hydration so the page never waits for it; a slow (over 5 s) or failed
 * answer, or an empty one, leaves no card rather than an error. Someone followed from here stays in
 * the list as 已关注 so the list does not jump under the pointer.
 */
export function SuggestedUsersCard() {
  const [users, setUsers] = useState<SuggestedUser[] | null>(null);
  useEffect(() => {
    let live = true;
    api
      .get<SuggestedUser[]>(
        "/api/getByTag",
        { limit: SUGGESTED_USERS },
        { timeoutMs: SUGGESTED_USERS_TIMEOUT_MS },
      )
      .then((list) => {
        if (live) setUsers(list.slice(0, SUGGESTED_USERS));
      })
      .catch(() => {
        if (live) setUsers([]);
      });
    return () => {
      live = false;
    };
  }, []);
  if (!users?.length) return null;
  return (
    <SidebarCard title="推荐关注">
      <ul className="author-list suggested-users">
        {users.map((user) => (
          <SuggestedUserRow key={user.id} user={user} />
        ))}
      </ul>
    </SidebarCard>
  );
}

function SuggestedUserRow({ user }: { user: SuggestedUser }) {
  const follow = useFollow(user);
  const job = jobLine(user);
  return (
    <li className="suggested-user">
      <Link to={`/user/${user.id}`} className="author-link">
        <Avatar user={user} size={40} />
        <span className="author-text">
          <span className="author-name">{user.username}</span>
          {job ? <span className="author-job">{job}</span> : null}
        </span>
      </Link>
      <FollowButton follow={follow} label={`关注 ${user.username}`} />
    </li>
  );
}
