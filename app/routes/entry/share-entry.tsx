import type { Route } from "./+types/share-entry";
import { PageSection } from "~/components/layout/page";
import { RouteTabs } from "~/components/layout/tabs";
import { EMPTY_SHARE, ShareForm } from "~/components/share/share-form";
import { VoteForm } from "~/components/votes/vote-form";
import { VOTE_LIMITS } from "../../../shared/vote-rules";
import { requireViewer } from "~/lib/guards.server";
import { titleMeta } from "~/lib/title";
import { uncachedPage } from "~/lib/page-cache.server";

export const headers = uncachedPage;

/** Hot tags offered as toggles on the share form. */
const HOT_TAGS = { type: "hot", page: 1, pageSize: 30 } as const;

/** The two modes of /new-entry; ?type=vote opens 发起投票, so the header and any link can go there. */
const MODES = [
  { type: "link", to: "/new-entry", title: "分享链接" },
  { type: "vote", to: "/new-entry?type=vote", title: "发起投票" },
] as const;

/**
 * shareEntry: login required. Paste a URL (or arrive with ?url=…&title=… from elsewhere), let the
 * server read the page's title, description and cover, pick category, tags, type and flags, publish.
 * With ?type=vote the page starts a vote instead (POST /api/votes).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireViewer(context);
  const query = new URL(request.url).searchParams;
  const [categories, hot] = await Promise.all([
    context.services.entries.categories(),
    context.services.tags.list(HOT_TAGS, context.caller),
  ]);
  return {
    mode: query.get("type") === "vote" ? ("vote" as const) : ("link" as const),
    categories,
    tags: hot.list.map((t) => ({ id: t.id, title: t.title })),
    url: (query.get("url") ?? "").slice(0, 2048),
    title: (query.get("title") ?? "").slice(0, 200),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  titleMeta(matches, loaderData?.mode === "vote" ? "发起投票" : "分享链接");

export default function ShareEntry({ loaderData }: Route.ComponentProps) {
  const { mode, categories, tags, url, title } = loaderData;
  return (
    <PageSection title={mode === "vote" ? "发起投票" : "分享链接"} narrow>
      <RouteTabs tabs={MODES} active={MODES.find((m) => m.type === mode)?.to} label="分享方式" />
      {mode === "vote" ? (
        <>
          <p className="panel-lead">
            向社区提一个问题，给出 {VOTE_LIMITS.minOptions}–{VOTE_LIMITS.maxOptions} 个选项，看看大家怎么选。
          </p>
          <VoteForm key="vote" categories={categories} tags={tags} />
        </>
      ) : (
        <>
          <p className="panel-lead">把你读到的好文章分享给大家：粘贴链接，补充分类和标签即可发布。</p>
          <ShareForm
            key="link"
            categories={categories}
            tags={tags}
            initial={{ ...EMPTY_SHARE, originalUrl: url, title }}
            readOnMount={!!url}
          />
        </>
      )}
    </PageSection>
  );
}
