import path from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { concurrencyLimit } from "./lib/concurrency.ts";
import type { AppLoadContext, ServerBuild, createRequestHandler } from "react-router";
import "../shared/load-context.ts";
import { randomToken } from "./lib/crypto.ts";
import { PAGE_UNAVAILABLE, pageServices } from "./lib/page-services.ts";
import { databaseUnavailable } from "./lib/pg-errors.ts";
import { ensureCsrfCookie } from "./plugins/session.ts";
import { presentSelf } from "./services/users/present.ts";
import type { Services } from "./services/index.ts";
import type { Config } from "./config.ts";

/**
 * The page policy: scripts only from us, carrying this response's nonce, or WeChat's JS-SDK (loaded
 * only inside WeChat's browser, app/lib/wechat/; allowed for everyone because one cached copy of a
 * page serves every reader, whatever their browser).
 */
function contentSecurityPolicy(nonce: string) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' https://res.wx.qq.com`,
    "style-src 'self' 'unsafe-inline'",
    // blob: the avatar cropper shows the chosen file before anything is uploaded.
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const isApi = (url: string) => url.startsWith("/api/") || url === "/api";

/** Headers that may name a reader: never handed to a render made for nobody. */
const CREDENTIALS = new Set(["cookie", "token", "uid", "authorization"]);

/**
 * The request as React Router takes it. It carries no abort signal: a render, once begun, ends
 * whether or not its reader is still there. Aborted, React Router stops waiting for the loaders
 * but they go on, beyond anything a shutdown could wait for, and failed once the database closed
 * under them; a reader who left before the render began is not rendered for at all (installSsr).
 */
function toWebRequest(request: FastifyRequest, forNobody: boolean): Request {
  // The Host (or, through a trusted proxy, X-Forwarded-Host) the client sent: React Router wants
  // an absolute URL and holds actions' Origin against it. Nothing a page prints is built from it:
  // absolute links come from PUBLIC_URL (the load context's publicUrl).
  const origin = `${request.protocol}://${request.host}`;
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    // A page made for nobody (the page cache's miss) is rendered from a request that carries no
    // credential at all: nothing a loader reads can make it anybody's page.
    if (forNobody && CREDENTIALS.has(key)) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, String(v));
  }
  let body: string | undefined;
  if (request.method !== "GET" && request.method !== "HEAD" && request.body !== undefined) {
    // Fastify has parsed the body already; hand React Router an equivalent one.
    const type = String(request.headers["content-type"] ?? "");
    body = type.includes("application/x-www-form-urlencoded")
      ? new URLSearchParams(request.body as Record<string, string>).toString()
      : typeof request.body === "string"
        ? request.body
        : JSON.stringify(request.body);
  }
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    body,
  });
}

/**
 * Serves the React Router build: static client files, then every other non-API path through the
 * server bundle, with the services and the viewer in the load context (HOUSE: loaders call services
 * in-process).
 */
export async function installSsr(app: FastifyInstance, services: Services, config: Config, buildDir: string) {
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  // From the bundle (app/entry.server.tsx): the router's production build, the routes' own copy.
  const { createRequestHandler: handlerFor, renderedBody } = build.entry.module as unknown as {
    createRequestHandler: typeof createRequestHandler;
    renderedBody: (response: Response) => Buffer | undefined;
  };
  const handle = handlerFor(build, "production");
  const renders = concurrencyLimit(config.ssrConcurrency);

  await app.register(fastifyStatic, {
    root: path.join(buildDir, "client"),
    wildcard: false,
    cacheControl: false,
    // npm run build writes .br and .gz beside the assets (scripts/precompress.ts).
    preCompressed: true,
    setHeaders(res, filePath) {
      res.setHeader("Vary", "Accept-Encoding");
      // Vite fingerprints everything under assets/: safe to cache for a year.
      res.setHeader(
        "Cache-Control",
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? "public, max-age=31536000, immutable"
          : "public, max-age=3600",
      );
    },
  });

  // Loaders meet a database that is away as the page's 503 (lib/page-services.ts).
  const loaderServices = pageServices(services);
  const awayServices = pageServices(services, true);

  /** Renders the page; `away`: for nobody, every page and every service call the page's 503. */
  async function renderPage(request: FastifyRequest, reply: FastifyReply, away = false) {
    const nonce = randomToken(16);
    // (Undefined, not null, where no page cache is installed: a signed-in page then as always.)
    const forNobody = !!request.pageCacheMiss;
    // The render says whose page it made: the page cache stores none that holds a reader's state.
    request.touchedViewer = !!request.viewer && !forNobody && !away;
    const context: AppLoadContext = {
      viewer: request.viewer && !forNobody && !away ? presentSelf(request.viewer) : null,
      siteName: config.siteName,
      // A page bound for the shared cache carries no per-visitor token and sets no cookie: the
      // browser makes its own double-submit token (app/lib/api.ts).
      csrfToken: forNobody || away ? "" : ensureCsrfCookie(request, reply, config),
      devOutbox: config.devOutbox,
      supportEmail: config.supportEmail,
      publicUrl: config.publicUrl,
      ...(away && { unavailable: PAGE_UNAVAILABLE }),
      cspNonce: nonce,
      caller: request.caller,
      services: away ? awayServices : loaderServices,
    };
    let gone = false;
    reply.raw.once("close", () => (gone = !reply.raw.writableFinished));
    // A few renders at a time (SSR_CONCURRENCY); the body is read inside the turn, as rendering
    // finishes only there.
    const rendered = await renders.run(async () => {
      // The reader left while the page waited its turn (a timeout, a closed tab): nobody would read
      // it, and under load such renders took turns from readers still waiting. A cache miss still
      // renders: other readers of its key wait for this render (lib/page-cache.ts single-flight).
      // A form's POST that arrived whole is carried out all the same, as it would have been a
      // moment later.
      if (gone && !request.pageCacheMiss && (request.method === "GET" || request.method === "HEAD")) {
        return null;
      }
      const response = await handle(toWebRequest(request, forNobody), context);
      // Pages are rendered whole (app/entry.server.tsx) and loader data is small: one buffer each,
      // which the page cache can keep as it is. A page comes with its buffer beside it, not read
      // back out of the Response's stream (renderedBody); anything else is read.
      const rendered = renderedBody(response);
      const bytes = rendered ?? (response.body ? Buffer.from(await response.arrayBuffer()) : null);
      const body = request.pageCacheMiss ? (bytes?.toString("utf8") ?? "") : bytes;
      return { response, body };
    });
    // 499, nginx's "client closed request": only logs see it, the socket is gone.
    if (!rendered) return reply.status(499).send();
    const { response, body } = rendered;
    reply.status(response.status);
    for (const [key, value] of response.headers) {
      if (key !== "set-cookie") reply.header(key, value);
    }
    for (const cookie of response.headers.getSetCookie()) reply.header("set-cookie", cookie);
    // A page's 503 (the database away, lib/page-services.ts) says when to come back, as the API's
    // does: a boundary below the root does not carry the thrown answer's headers.
    if (response.status === 503 && !reply.hasHeader("retry-after")) reply.header("Retry-After", "5");
    if (String(response.headers.get("content-type")).startsWith("text/html")) {
      reply.header("Content-Security-Policy", contentSecurityPolicy(nonce));
    }
    return reply.send(body);
  }

  app.all(
    "/*",
    {
      // The page cache's check that what answered is the page it took the URL for.
      config: { renderedPage: true },
      // The database away before any loader ran (a signed-in reader's session could not be read):
      // the page's 503 all the same, not the API's JSON. Anything else goes to the app's handler.
      errorHandler: async (err, request, reply) => {
        if (!databaseUnavailable(err) || reply.sent || isApi(request.url)) throw err;
        return renderPage(request, reply, true);
      },
    },
    async (request, reply) => {
      if (isApi(request.url)) {
        return reply.status(404).send({ s: 404, m: "接口不存在", d: null });
      }
      return renderPage(request, reply);
    },
  );
  return {
    /** The build's routes: the page cache reads each page's declared policy off its module. */
    routes: build.routes,
    /**
     * Waits (at most `maxMs`) for the renders in hand: a render whose reader left has no connection
     * holding the server open, yet its loaders still use the database a shutdown is about to close.
     */
    settled: (maxMs: number) => renders.idle(maxMs),
  };
}
