import { useEffect, type ReactNode } from "react";
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import { AppShell } from "./components/shell/app-shell";
import { RouteErrorView } from "./components/shell/error-views";
import { useNonce } from "./lib/nonce";
import type { RootData } from "./lib/root-data";
import { rootMeta, titleMeta } from "./lib/title";
import { THEME_SCRIPT } from "../shared/theme";
import stylesheet from "./styles/app.css?url";

/** The logo mark inline, so the icon needs no file outside the build. */
const FAVICON =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 28"><g fill="#1e80ff"><path d="M18 0l5 4-5 4-5-4z"/><path d="M18 12l9-7 4 3-13 10L5 8l4-3z"/><path d="M18 22l14-11 4 3-18 14L0 14l4-3z"/></g></svg>',
  );

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: FAVICON, type: "image/svg+xml" },
  { rel: "stylesheet", href: stylesheet },
];

export async function loader({ context }: Route.LoaderArgs): Promise<RootData> {
  // The database is away and who is reading unknown: the 503 error view for every page.
  if (context.unavailable) throw data({ message: context.unavailable }, { status: 503 });
  return {
    viewer: context.viewer,
    siteName: context.siteName,
    csrfToken: context.csrfToken,
    devOutbox: context.devOutbox,
    supportEmail: context.supportEmail,
    publicUrl: context.publicUrl,
    // Total unread (user + system) for the bell and the title prefix; no query for a visitor.
    unreadCount: context.viewer ? await context.services.notifications.unreadTotal(context.viewer.id) : 0,
  };
}

/** A thrown 401/404 carries its status and headers (the 401's Refresh) to the document response. */
export function headers({ errorHeaders, loaderHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

export function meta({ matches, error }: Route.MetaArgs) {
  const { siteName } = rootMeta(matches);
  if (error) {
    const status = isRouteErrorResponse(error) ? error.status : 500;
    const title = status === 404 ? "页面不存在" : status === 401 ? "请先登录" : "出错了";
    return titleMeta(matches, title);
  }
  return titleMeta(matches, `${siteName} - 一个帮助开发者成长的社区`, { noTemplate: true });
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // Marks the page as answering clicks: a press before hydration is lost (React replays only those
  // made once it has started), so browser tests wait for this before they use a menu or dialog.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    // data-theme is set by the head script (and the theme menu), never by React.
    <html lang="zh-CN" {...(import.meta.env.DEV && { suppressHydrationWarning: true })}>
      <head>
        <meta charSet="utf-8" />
        {/* Server-only, so the browser bundle does not carry them (the JavaScript budget): React 19
            skips elements in <head> it does not expect when it hydrates, and the document's stay. */}
        {import.meta.env.SSR ? (
          <>
            <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
            <meta name="theme-color" media="(prefers-color-scheme: dark)" content="#1c1d21" />
            <meta name="theme-color" content="#1e80ff" />
          </>
        ) : null}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <AppShell>{children}</AppShell>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorView error={error} />;
}
