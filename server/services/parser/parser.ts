import { badRequest, unauthorized } from "../../lib/errors.ts";
import { fetchPage } from "../../lib/page-fetch.ts";
import type { Caller, Deps } from "../deps.ts";
import { SHARE_LIMITS } from "../../../shared/publish-rules.ts";
import { decodeHtml, extractPageInfo, type PageInfo } from "./parse-html.ts";

/**
 * Parser (spec §7 GET /page/info?url): reads a page through the guarded fetcher (server/lib/page-fetch.ts:
 * public addresses only, 8 s, 2 MB, 5 redirects, HTML only) and returns its share preview.
 * Errors: 401 without login; 400 naming `url` for a malformed or refused URL; 422 naming `url` when
 * the page could not be read.
 */
export function createParserService(deps: Deps) {
  const { config } = deps;
  const userAgent = `Mozilla/5.0 (compatible; NuggetBot/1.0; +${config.publicUrl})`;
  return {
    async pageInfo(rawUrl: string | undefined, caller: Caller): Promise<PageInfo> {
      // Each call costs us an outbound fetch: only for people who can share.
      if (!caller.userId) throw unauthorized();
      const raw = (rawUrl ?? "").trim();
      if (!raw) throw badRequest("请输入链接", "url");
      if (raw.length > SHARE_LIMITS.urlMax)
        throw badRequest(`链接不能超过 ${SHARE_LIMITS.urlMax} 个字符`, "url");
      const page = await fetchPage(raw, {
        allowLoopbackForTests: config.pageFetchAllowLoopback,
        userAgent,
      });
      return extractPageInfo(decodeHtml(page.body, page.charset), page.url);
    },
  };
}
