/**
 * What other services may call of pins. The rest of this folder (queries.ts above all) is its own:
 * pins.likeCount is written only through bumpPinLikes, by the likes service (ADR 013).
 */
export { createPinService } from "./pins.ts";
export { bumpPinLikes, lockPin, setPinHidden } from "./queries.ts";
