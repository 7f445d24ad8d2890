import { useRef } from "react";
import type { TocItem } from "../../../shared/api-types";
import { useCopyNotice, type CopySource } from "./copy-notice";

/**
 * The article body: HTML the server rendered and sanitized (server/lib/markdown.ts), so it is set
 * as is. Long copies get the copyright notice (spec §5).
 */
export function ArticleBody({ html, copySource }: { html: string; copySource: CopySource }) {
  const ref = useRef<HTMLDivElement>(null);
  useCopyNotice(ref, copySource);
  return <div ref={ref} className="markdown-body" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The table of contents: links to the heading-N anchors, indented by level. */
export function ArticleToc({ toc, className }: { toc: TocItem[]; className?: string }) {
  if (toc.length === 0) return null;
  const top = Math.min(...toc.map((t) => t.level));
  return (
    <nav
      className={className ? `article-toc ${className}` : "article-toc"}
      aria-labelledby="article-toc-title"
    >
      <h2 id="article-toc-title" className="article-toc-title">
        目录
      </h2>
      <ol className="article-toc-list">
        {toc.map((item) => (
          <li key={item.id} className={`article-toc-item level-${Math.min(item.level - top, 3)}`}>
            <a href={`#${item.id}`}>{item.text || "（无标题）"}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
