// Every table of spec §3, one file a table group.
export * from "./users.ts";
export * from "./content.ts";
export * from "./social.ts";
export * from "./collections.ts";
export * from "./commerce.ts";
export * from "./repos.ts";
export * from "./misc.ts";
export * from "./search.ts";
export * from "./uploads.ts";
export * from "./moderation.ts";
export * from "./account-data.ts";
