import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { useShell } from "~/components/shell/shell-context";
import { formatCount } from "../../../shared/format";
import { jobLine } from "~/components/user/job-line";
import { Avatar } from "~/components/ui/avatar";
import { FollowButton, useFollow } from "~/components/follow-button";
import { BlockMenu } from "~/components/user/block-menu";
import type { BlockState } from "../../../shared/api-types";
import "./user.css";

// 举报 for signed-in visitors of someone else's profile, loaded only for them.
const ReportButton = lazy(() => import("~/components/report/report-button"));

export interface ProfileUser {
  id: string;
  username: string;
  avatarLarge: string;
  jobTitle: string;
  company: string;
  selfDescription: string;
  isXiaoceAuthor: boolean;
  followeesCount: number;
  followersCount: number;
  postedPostsCount: number;
  totalCollectionsCount: number;
  followed: boolean;
  self: boolean;
  /** The signed-in viewer's mute/block of this user; null for a visitor or on one's own page. */
  blocks?: BlockState | null;
  /** An erased account (已注销用户): nobody follows it. */
  erased?: boolean;
}

/**
 * The profile header (spec §2 user): avatar, name, job, description, the four counts, and the
 * follow button (not on one's own page, where the edit link stands instead) with, for a signed-in
 * reader, the 「更多」 menu of mute and block. The follower count moves with the optimistic follow toggle.
 */
export function ProfileHeader({ user }: { user: ProfileUser }) {
  const follow = useFollow(user);
  const { viewer } = useShell();
  const job = jobLine(user);
  return (
    <section className="panel profile-head">
      <Avatar user={user} size={90} />
      <div className="profile-info">
        <h1 className="profile-name">{user.username}</h1>
        {job ? <p className="profile-job">{job}</p> : null}
        {user.selfDescription ? <p className="profile-desc">{user.selfDescription}</p> : null}
        <p className="profile-counts">
          <Link to={`/user/${user.id}/following`}>
            <strong>{formatCount(user.followeesCount)}</strong>关注
          </Link>
          <Link to={`/user/${user.id}/followers`} data-testid="followers-count">
            <strong>{formatCount(follow.count)}</strong>关注者
          </Link>
          <span>
            <strong>{formatCount(user.postedPostsCount)}</strong>文章
          </span>
          <span>
            <strong>{formatCount(user.totalCollectionsCount)}</strong>获得点赞
          </span>
        </p>
      </div>
      {user.erased ? null : user.self ? (
        <Link to="/user/settings/profile" className="btn profile-edit">
          编辑个人资料
        </Link>
      ) : (
        <div className="profile-actions">
          <FollowButton follow={follow} label={`关注 ${user.username}`} />
          {user.blocks ? <BlockMenu user={user} initial={user.blocks} /> : null}
          {viewer ? (
            <Suspense fallback={null}>
              <ReportButton targetType="user" targetId={user.id} />
            </Suspense>
          ) : null}
        </div>
      )}
    </section>
  );
}
