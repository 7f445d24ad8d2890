import type { AppLoadContext } from "react-router";
import type { Attender, VoteState } from "../../../shared/api-types";

export interface VoteData {
  state: VoteState;
  attenders: { list: Attender[]; pointer: string | null; canNext: boolean };
  /** The answer an /entry/{id}/detail/answer/{answerId} link points at, shown first and marked. */
  highlighted: Attender | null;
}

/** The vote of a vote entry for its detail page, in-process through the vote service. */
export async function loadVote(
  context: AppLoadContext,
  entryId: string,
  highlightedAnswerId: string | null,
): Promise<VoteData> {
  const votes = context.services.votes;
  const [state, attenders, highlighted] = await Promise.all([
    votes.state(entryId, context.caller),
    votes.attenders({ entryId }, context.caller),
    highlightedAnswerId
      ? votes.attender(entryId, highlightedAnswerId, context.caller)
      : Promise.resolve(null),
  ]);
  return { state, attenders, highlighted };
}
