import { formatExtra } from "../../../shared/publish-rules.ts";
import type { EntryService } from "../entries/index.ts";
import type { EntryRow } from "../entries/index.ts";

/** An entry as every list shows it: what entries' hydrate answers. */
type ListedEntry = Awaited<ReturnType<EntryService["hydrate"]>>[number];

/** A whole entry as getEntry shows it: the list shape plus the body and the raw flags. */
export function presentFullEntry(
  listed: ListedEntry,
  e: EntryRow,
): ListedEntry & { content: string; vote: boolean; extra: string; status: string; campaignTag: string } {
  return {
    ...listed,
    content: e.content,
    vote: e.vote,
    extra: formatExtra(e),
    status: e.status,
    /** The admins' campaign tag (spec §6), "" for none. */
    campaignTag: e.campaignTag,
  };
}

export type FullEntry = ReturnType<typeof presentFullEntry>;
