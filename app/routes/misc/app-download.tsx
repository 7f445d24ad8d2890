import type { Route } from "./+types/app-download";
import { PageSection } from "~/components/layout/page";
import { useShell } from "~/components/shell/shell-context";
import { useRootData } from "~/lib/root-data";
import { titleMeta } from "~/lib/title";
import { cachedPage } from "~/lib/page-cache.server";

export const headers = cachedPage({ life: "list" });

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "下载应用");

/**
 * /app: there is no native app (yet); what a phone user can do today, and the open API that lets
 * the community build one.
 */
export default function AppDownload() {
  const { siteName } = useShell();
  const { supportEmail } = useRootData();
  return (
    <PageSection title={`在手机上使用 ${siteName}`} narrow>
      <p className="panel-lead">{siteName} 目前没有需要下载安装的原生应用，网页版已为手机屏幕适配。</p>
      <h2 className="settings-title">添加到主屏幕</h2>
      <ol className="about-list">
        <li>用手机浏览器打开本站首页。</li>
        <li>iPhone（Safari）：点击底部的「分享」按钮，选择「添加到主屏幕」。</li>
        <li>Android（Chrome 等）：点击右上角菜单，选择「添加到主屏幕」或「安装应用」。</li>
      </ol>
      <p>之后从主屏幕图标打开，就像使用应用一样阅读、点赞、评论和发沸点。</p>
      <h2 className="settings-title">第三方客户端</h2>
      <p className="about-text">
        全部接口都有公开的文档（<a href="/api/docs">/api/docs</a>，OpenAPI 描述见{" "}
        <a href="/api/openapi.json">/api/openapi.json</a>
        ），社区开发者可以据此编写客户端。做好了请来信告诉我们：
        <a href={`mailto:${supportEmail}`}>{supportEmail}</a>，我们会在这里推荐。
      </p>
    </PageSection>
  );
}
