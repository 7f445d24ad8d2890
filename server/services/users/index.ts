/** What other services may call of users: the rest of this folder is its own (docs/ARCHITECTURE.md). */
export {
  presentCommunity,
  presentPublicUser,
  presentUserCard,
  presentSelf,
  type PublicUser,
} from "./present.ts";
export {
  bumpUserCounters,
  findUserByEmail,
  findUserById,
  findUserByPhone,
  hottestUsers,
  insertUser,
  listBindings,
  updateUser,
  eraseUser,
  usernameTaken,
  usersByIds,
  publicUserColumns,
  type UserRow,
  type PublicUserRow,
} from "./queries.ts";
export { lockUsers } from "./locks.ts";
export { type UserService } from "./users.ts";
export { type OwnerProof } from "./owner-proof.ts";
export { takeCaptcha } from "./codes.ts";
export { userSitemap } from "./queries.ts";
