import { useEffect, type RefObject } from "react";
import { escapeHtml } from "../../../shared/html";

/** Spec §5/§9: copying this many characters or more appends the notice; shorter copies stay as they are. */
export const COPY_NOTICE_MIN = 128;

export interface CopySource {
  author: string;
  /** Absolute link to the article. */
  url: string;
  siteName: string;
}

/** The copyright notice appended to a long copy: author, link, source, copyright. */
export function copyNotice(source: CopySource): string {
  return [
    `作者：${source.author}`,
    `链接：${source.url}`,
    `来源：${source.siteName}`,
    "著作权归作者所有。商业转载请联系作者获得授权，非商业转载请注明出处。",
  ].join("\n");
}

/** What ends up on the clipboard for a copied text (characters counted as code points). */
export function withCopyNotice(text: string, source: CopySource): string {
  if (Array.from(text).length < COPY_NOTICE_MIN) return text;
  return `${text}\n\n${copyNotice(source)}`;
}

/**
 * Listens for copy inside `container`: a selection of 128 characters or more goes to the clipboard
 * with the notice appended (as plain text and as HTML); shorter ones are left to the browser.
 */
export function useCopyNotice(container: RefObject<HTMLElement | null>, source: CopySource) {
  const { author, url, siteName } = source;
  useEffect(() => {
    const node = container.current;
    if (!node) return;
    const onCopy = (event: ClipboardEvent) => {
      const selection = window.getSelection();
      if (!selection || selection.rangeCount === 0 || !event.clipboardData) return;
      const text = selection.toString();
      const plain = withCopyNotice(text, { author, url, siteName });
      if (plain === text) return;
      const notice = copyNotice({ author, url, siteName });
      const holder = document.createElement("div");
      for (let i = 0; i < selection.rangeCount; i++) holder.append(selection.getRangeAt(i).cloneContents());
      event.clipboardData.setData("text/plain", plain);
      event.clipboardData.setData(
        "text/html",
        `${holder.innerHTML}<p>${escapeHtml(notice).replace(/\n/g, "<br>")}</p>`,
      );
      event.preventDefault();
    };
    node.addEventListener("copy", onCopy);
    return () => node.removeEventListener("copy", onCopy);
  }, [container, author, url, siteName]);
}
