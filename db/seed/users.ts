import { type Algorithm, hash } from "@node-rs/argon2";
import { users } from "../schema/index.ts";
import {
  COMPANIES,
  GIVEN_NAMES,
  JOB_TITLES,
  LATIN_NAMES,
  LATIN_SUFFIXES,
  NICK_PREFIXES,
  NICK_SUFFIXES,
  SELF_DESCRIPTIONS,
  SURNAMES,
} from "./corpus.ts";
import { DAY, NotificationSink, type Cast, type Row, type SeedRun, type SeedUser } from "./context.ts";
import { insertRows } from "./insert-rows.ts";

export const DEMO_ACCOUNT = {
  email: "demo@nugget.dev",
  phone: "13800000000",
  password: "nugget123",
  username: "掘金演示",
} as const;
export const ADMIN_ACCOUNT = {
  email: "admin@nugget.dev",
  password: "nugget123",
  username: "掘金管理员",
} as const;

/**
 * The users: the demo account first, the admin second, the third an editor; then the ways later
 * phases pick among them (popular people first, so most activity points at them).
 */
export async function seedUsers(run: SeedRun): Promise<Cast> {
  const { db, rng, now, userCount, progress } = run;
  progress("users", 0, userCount);
  // Only the two documented accounts can log in, each with its own salt (one hash shared
  // by every seeded user told anyone with the database that they share a password). The other
  // seeded people write the demo content and have no password, like third-party sign-ups.
  const demoHash = () =>
    hash(DEMO_ACCOUNT.password, {
      // Algorithm is a const enum: its members do not exist at run time under tsx, hence the cast.
      algorithm: 2 as Algorithm,
      memoryCost: 47104,
      timeCost: 1,
      parallelism: 1,
      salt: new Uint8Array(16).map(() => rng.int(256)),
    });
  const loginHashes = [await demoHash(), await demoHash()];
  const seedUsers: SeedUser[] = [];
  const userRows: Row<typeof users>[] = [];
  const taken = new Set<string>();
  const xiaoceAuthors: number[] = [];
  for (let i = 0; i < userCount; i++) {
    const createdAt =
      i === 0
        ? new Date(now.getTime() - 800 * DAY)
        : i === 1
          ? new Date(now.getTime() - 900 * DAY)
          : rng.dateBetween(new Date(now.getTime() - 1000 * DAY), new Date(now.getTime() - DAY));
    const id = rng.id(createdAt);
    let username: string;
    let latin = false;
    if (i === 0) username = DEMO_ACCOUNT.username;
    else if (i === 1) username = ADMIN_ACCOUNT.username;
    else {
      const r = rng.float();
      if (r < 0.35) username = rng.pick(NICK_PREFIXES) + rng.pick(NICK_SUFFIXES);
      else if (r < 0.6) username = rng.pick(SURNAMES) + rng.pick(GIVEN_NAMES);
      else {
        username = rng.pick(LATIN_NAMES) + rng.pick(LATIN_SUFFIXES);
        latin = true;
      }
      while (taken.has(username.toLowerCase())) username = username.slice(0, 15) + rng.range(1, 9999);
    }
    taken.add(username.toLowerCase());
    const author = i === 0 || (i >= 2 && i <= 4) || (i > 4 && rng.chance(0.02));
    if (author) xiaoceAuthors.push(i);
    const loginFrom = new Date(Math.max(createdAt.getTime(), now.getTime() - 30 * DAY));
    userRows.push({
      id,
      username,
      selfDescription:
        i === 0 ? "这是掘金的演示账号：随便逛逛，点赞、评论、收藏都可以试试。" : rng.pick(SELF_DESCRIPTIONS),
      role: i === 1 ? "admin" : i === 2 ? "editor" : "user",
      email:
        i === 0
          ? DEMO_ACCOUNT.email
          : i === 1
            ? ADMIN_ACCOUNT.email
            : latin
              ? `${username.toLowerCase()}@example.com`
              : `user${i}@example.com`,
      emailVerified: i < 2 || rng.chance(0.7),
      mobilePhoneNumber:
        i === 0 ? DEMO_ACCOUNT.phone : i > 1 && rng.chance(0.35) ? "139" + String(i).padStart(8, "0") : null,
      mobilePhoneVerified: i === 0,
      passwordHash: i < 2 ? loginHashes[i] : null,
      jobTitle: i === 1 ? "社区运营" : rng.pick(JOB_TITLES),
      company: i === 1 ? "掘金" : rng.pick(COMPANIES),
      blogAddress: latin && rng.chance(0.4) ? `https://github.com/${username.toLowerCase()}` : "",
      isXiaoceAuthor: author,
      hasWalletAccess: author,
      latestLoginedInAt: rng.dateBetween(loginFrom, now),
      createdAt,
      updatedAt: createdAt,
    });
    seedUsers.push({ id, createdAt });
  }
  await insertRows(db, users, userRows);
  progress("users", userCount, userCount);
  const userAt = (i: number) => seedUsers[i];
  const tracked = new Set(seedUsers.slice(0, 50).map((u) => u.id));
  return {
    seedUsers,
    userRows,
    xiaoceAuthors,
    demo: seedUsers[0],
    userAt,
    randomUser: () => seedUsers[rng.int(userCount)],
    popularUser: () => seedUsers[rng.skewed(userCount, 1.5)],
    distinctUsers: (k: number, except?: string) =>
      rng
        .distinct(userCount, k + 1)
        .map(userAt)
        .filter((u) => u.id !== except)
        .slice(0, k),
    sink: new NotificationSink(rng, tracked, now),
  };
}
