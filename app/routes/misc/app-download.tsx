import type { Route } from "./+types/app-download";
import { PageSection } from "~/components/layout/page";
import { useShell } from "~/components/shell/shell-context";
import { titleMeta } from "~/lib/title";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "下载应用");

export default function AppDownload() {
  const { siteName } = useShell();
  return (
    <PageSection title={`下载 ${siteName} App`} narrow>
      <p className="panel-lead">随时随地阅读优质技术文章。移动应用正在开发中，敬请期待。</p>
    </PageSection>
  );
}
