import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "./lib/nonce";
import { FragmentContext } from "./lib/fragment-cache";
import { fragmentRenderer } from "./lib/fragment-cache.server";

export const streamTimeout = 5_000;

const bodies = new WeakMap<Response, Buffer>();

/**
 * A rendered page's bytes, handed to server/ssr.ts beside its Response: reading them back out of
 * the Response's stream cost a copy and a stream per page. React Router passes a document's
 * Response through as this module returns it (a HEAD answer is made anew, and has no body).
 */
export function renderedBody(response: Response): Buffer | undefined {
  return bodies.get(response);
}

// server/ssr.ts takes its request handler from here: this bundle holds react-router's production
// build (vite.config.ts), and the handler must come from the same copy as the routes' router.
export { createRequestHandler } from "react-router";

/**
 * React Router's Node entry, plus the CSP nonce on every inline script, rendering the whole page
 * before answering. Our loaders await their data (no deferred promises), so streaming the shell
 * first gained nothing, while every streamed chunk crossed two stream conversions (Node → web →
 * Node in server/ssr.ts); one buffer is cheaper to render, send and keep in the page cache. Lazy
 * components on the server still resolve: onAllReady waits for them, as it did for crawlers.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce ?? "";

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <FragmentContext.Provider value={fragmentRenderer}>
        <NonceContext.Provider value={nonce}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </NonceContext.Provider>
      </FragmentContext.Provider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              const response = new Response(null, { headers: responseHeaders, status: responseStatusCode });
              bodies.set(response, Buffer.concat(chunks));
              resolve(response);
              callback();
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
