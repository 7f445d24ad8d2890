import type { Route } from "./+types/about";
import { PageSection } from "~/components/layout/page";
import { useShell } from "~/components/shell/shell-context";
import { titleMeta } from "~/lib/title";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "关于");

export default function About() {
  const { siteName } = useShell();
  return (
    <PageSection title={`关于 ${siteName}`} narrow>
      <p className="panel-lead">
        {siteName} 是一个帮助开发者成长的社区：分享技术文章、开源项目与学习资源，关注感兴趣的标签与作者。
      </p>
      <h2 id="join" className="settings-title">
        加入我们
      </h2>
      <p>我们正在寻找热爱技术社区的伙伴，职位信息即将公布。</p>
      <h2 id="translation" className="settings-title">
        翻译计划
      </h2>
      <p>翻译计划帮助开发者阅读优质的外文技术文章，详情即将公布。</p>
      <h2 id="partners" className="settings-title">
        合作伙伴
      </h2>
      <p>合作伙伴名单即将公布。</p>
    </PageSection>
  );
}
