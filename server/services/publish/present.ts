import { formatExtra } from "../../../shared/publish-rules.ts";
import type { EntryService } from "../entries/index.ts";
import type { EntryRow } from "../entries/index.ts";

/** An entry as every list shows it: what entries' hydrate answers. */
type ListedEntry = Awaited<ReturnType<EntryService["hydrate"]>>[number];

/** A whole entry as getEntry shows it: the list shape plus the body and the raw flags. */
export function presentFullEntry(
  listed: ListedEntry,
  e: EntryRow,
): ListedEntry & { content: string; vote: boolean; extra: string; status: string } {
  return {
    ...listed,
    content: e.content,
    vote: e.vote,
    extra: formatExtra(e),
    status: e.status,
  };
}

export type FullEntry = ReturnType<typeof presentFullEntry>;
