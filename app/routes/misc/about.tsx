import type { Route } from "./+types/about";
import { Link } from "react-router";
import { PageSection } from "~/components/layout/page";
import { useShell } from "~/components/shell/shell-context";
import { useRootData } from "~/lib/root-data";
import { titleMeta } from "~/lib/title";
import { cachedPage } from "~/lib/page-cache.server";

export const headers = cachedPage({ life: "list" });

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "关于");

/**
 * What the site builds on. A partners list for an open-source community: the projects it runs on,
 * each linked; partnerships beyond them are arranged by mail (banners are managed by admins).
 */
const BUILT_ON: [name: string, url: string, what: string][] = [
  ["PostgreSQL", "https://www.postgresql.org/", "数据与中文全文检索"],
  ["PGlite", "https://pglite.dev/", "开箱即用的内嵌数据库"],
  ["Redis", "https://redis.io/", "多实例共享的缓存与限流"],
  ["React 与 React Router", "https://reactrouter.com/", "服务端渲染的页面"],
  ["Fastify", "https://fastify.dev/", "接口服务"],
  ["Drizzle ORM", "https://orm.drizzle.team/", "数据访问"],
];

export default function About() {
  const { siteName } = useShell();
  const { supportEmail } = useRootData();
  const mail = <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
  return (
    <PageSection title={`关于 ${siteName}`} narrow>
      <p className="panel-lead">
        {siteName} 是一个帮助开发者成长的社区：分享技术文章、开源项目与学习资源，关注感兴趣的标签与作者。
        它本身也是开源软件，代码、接口文档（<a href="/api/docs">/api/docs</a>）和部署说明都是公开的。
      </p>
      <h2 id="join" className="settings-title">
        加入我们
      </h2>
      <p>社区由作者、读者和贡献者一起维护，参与的方式有很多：</p>
      <ul className="about-list">
        <li>
          写作：<Link to="/editor/drafts/new">写一篇文章</Link>
          ，被推荐的文章会出现在首页，持续输出的作者会被邀请加入专栏作者群。
        </li>
        <li>
          出版：有体系的内容可以写成小册（<Link to="/books">小册</Link>
          ），定价、章节和试读由作者决定，收入进入钱包。
        </li>
        <li>
          贡献代码：在项目的代码仓库提交 Issue 或 Pull Request；接口以 OpenAPI 描述，第三方客户端也欢迎。
        </li>
        <li>社区运营与审核志愿者：来信介绍你自己和你关注的技术方向：{mail}。</li>
      </ul>
      <h2 id="translation" className="settings-title">
        翻译计划
      </h2>
      <p>翻译计划把优质的外文技术文章和开源项目文档译成中文，让更多开发者读到第一手资料。参与方式：</p>
      <ol className="about-list">
        <li>挑选一篇外文文章，先取得原作者的翻译授权。</li>
        <li>
          译完后以专栏文章发布，文首注明原文链接、原作者与授权，并加上「翻译计划」标签，方便读者找到全部译文。
        </li>
        <li>
          <Link to="/repos">开源库</Link>
          的中文名称与简介由译者维护，译者会显示在开源库页面上；想认领某个项目的翻译，请来信说明：{mail}。
        </li>
      </ol>
      <h2 id="partners" className="settings-title">
        合作伙伴
      </h2>
      <p>{siteName} 建立在这些开源项目之上，感谢它们的维护者：</p>
      <ul className="about-list">
        {BUILT_ON.map(([name, url, what]) => (
          <li key={name}>
            <a href={url} rel="noopener noreferrer" target="_blank">
              {name}
            </a>
            ：{what}
          </li>
        ))}
      </ul>
      <p className="about-text">技术社团、开源项目和技术会议希望合作（内容共建、活动推广）请来信：{mail}。</p>
    </PageSection>
  );
}
