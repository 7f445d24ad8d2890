// The field rules of a collection set, written once: the API schema (schema.ts) and the create/edit
// dialog (app/components/collections) both read them. No imports, so the browser bundle can too.

export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 500;
export const IMAGE_URL_MAX = 500;
export const TAG_MAX = 50;
export const MASK_MAX = 32;

/** A background image address: the site's one image-address rule (shared/validation.ts). */
export { IMAGE_URL_PATTERN } from "./validation.ts";
/** A mask colour: #rgb, #rrggbb, #rrggbbaa, rgb(r,g,b) or rgba(r,g,b,a), or "" for none. */
export const MASK_PATTERN =
  "^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|rgba?\\(\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*(,\\s*(0|1|0?\\.\\d{1,3})\\s*)?\\))?$";
