import type { AppLoadContext } from "react-router";
import { pageHref } from "~/components/ui/pager";
import { requireViewer } from "~/lib/guards.server";
import { pointerParam } from "~/lib/keyset-page.server";

/** One keyset page of a notification list, as the notifications service answers it. */
interface NotificationPage<T> {
  list: T[];
  canNext: boolean;
  pointer?: string | null;
}

/**
 * The data of a notification tab at `path` (login required): the page `fetchPage` reads from the
 * date pointer in `?{param}=` (a malformed one means the first page), the next page's address,
 * whether this is past the first page, and the clock the relative times are read against.
 */
export async function loadNotificationTab<T>(
  { context, request }: { context: AppLoadContext; request: Request },
  path: string,
  param: string,
  fetchPage: (pointer: string | undefined) => Promise<NotificationPage<T>>,
) {
  requireViewer(context);
  const pointer = pointerParam(request, "date", param);
  const page = await fetchPage(pointer);
  return {
    notifications: page.list,
    nextHref: page.canNext && page.pointer ? pageHref(path, page.pointer, param) : null,
    paged: !!pointer,
    now: Date.now(),
  };
}
