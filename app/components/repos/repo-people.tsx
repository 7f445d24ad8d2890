import { Link } from "react-router";
import type { RepoTranslator } from "../../../shared/api-types";
import { Avatar } from "~/components/ui/avatar";
import { SidebarList } from "~/components/ui/sidebar-list";

/** The repo's owner on the code host (spec §3 Repo user): avatar (or initial) and name. */
export function RepoOwner({ owner }: { owner: { username: string; avatar: string; url: string } }) {
  return (
    <a className="repo-owner" href={owner.url} target="_blank" rel="nofollow noopener noreferrer">
      <Avatar user={{ username: owner.username, avatarLarge: owner.avatar }} size={40} />
    </a>
  );
}

/** The translators (spec §9: 5 shown), linked to their profiles. */
export function TranslatorList({
  translators,
  compact,
}: {
  translators: RepoTranslator[];
  compact?: boolean;
}) {
  return (
    <SidebarList
      items={translators}
      empty="暂无译者"
      className={compact ? "repo-translators compact" : "repo-translators"}
    >
      {(t) => (
        <Link to={`/user/${t.id}`} className="repo-translator" title={t.username}>
          <Avatar user={t} size={compact ? 24 : 32} />
          {compact ? null : <span className="repo-translator-name">{t.username}</span>}
        </Link>
      )}
    </SidebarList>
  );
}
