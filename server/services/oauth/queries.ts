import { and, eq } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { insertRow } from "../../lib/row-by-id.ts";
import { thirdPartyBindings, users } from "../../../db/schema/index.ts";

/** The binding of an external account and the user it belongs to (bindings_channel_uid_key). */
export async function findBindingByExternal(db: Tx, channel: string, externalUid: string) {
  const [row] = await db
    .select({ binding: thirdPartyBindings, user: users })
    .from(thirdPartyBindings)
    .innerJoin(users, eq(users.id, thirdPartyBindings.userId))
    .where(and(eq(thirdPartyBindings.channel, channel), eq(thirdPartyBindings.externalUid, externalUid)))
    .limit(1);
  return row;
}

/** The user's binding on a channel (bindings_user_channel_key). */
export async function findBindingOfUser(db: Tx, userId: string, channel: string) {
  const [row] = await db
    .select()
    .from(thirdPartyBindings)
    .where(and(eq(thirdPartyBindings.userId, userId), eq(thirdPartyBindings.channel, channel)))
    .limit(1);
  return row;
}

export async function insertBinding(db: Tx, values: typeof thirdPartyBindings.$inferInsert) {
  return insertRow(db, thirdPartyBindings, values);
}

/** Keeps the handle and display name as the provider last reported them. */
export async function refreshBinding(db: Tx, id: string, username: string, nickname: string) {
  await db.update(thirdPartyBindings).set({ username, nickname }).where(eq(thirdPartyBindings.id, id));
}
