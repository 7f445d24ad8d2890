import Fastify from "fastify";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "../tests/support/app.ts";
import { AppError, RetryLaterError } from "../server/lib/errors.ts";
import { afterCommit, trackCommits } from "../server/lib/after-commit.ts";
import { CONFLICT_MESSAGE } from "../server/lib/pg-errors.ts";
import { installErrorHandler } from "../server/plugins/envelope.ts";
import { CONFLICT_ATTEMPTS } from "./conflict-retry.ts";
import type { Database, Tx } from "./client.ts";

// Issue 29: a transaction PostgreSQL gives up for a deadlock or a serialization failure is run
// again a few times, then answers 503, never 500. The database itself raises the SQLSTATE (a DO
// block), on PGlite and PostgreSQL alike.
const raise = (tx: Tx, code: "40P01" | "40001" | "23514") =>
  tx.execute(sql.raw(`do $$ begin raise exception 'staged %', '${code}' using errcode = '${code}'; end $$`));

describe("db.transaction on a deadlock or serialization failure", () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => database.close());

  it("runs the transaction again: two deadlocks, then it goes through", async () => {
    let runs = 0;
    const answer = await database.db.transaction(async (tx) => {
      runs++;
      if (runs <= 2) await raise(tx, "40P01");
      return "written";
    });
    expect(answer).toBe("written");
    expect(runs).toBe(3);
  });

  it("retries a serialization failure the same way", async () => {
    let runs = 0;
    await database.db.transaction(async (tx) => {
      if (++runs === 1) await raise(tx, "40001");
    });
    expect(runs).toBe(2);
  });

  it(`answers 503 with Retry-After after ${CONFLICT_ATTEMPTS} runs that all deadlock`, async () => {
    let runs = 0;
    const failed = await database.db
      .transaction(async (tx) => {
        runs++;
        await raise(tx, "40P01");
      })
      .catch((err: unknown) => err);
    expect(runs).toBe(CONFLICT_ATTEMPTS);
    expect(failed).toBeInstanceOf(RetryLaterError);
    expect(failed).toMatchObject({ status: 503, code: 503, message: CONFLICT_MESSAGE, retryAfterSeconds: 1 });
  });

  it("runs any other failure once and throws it as it is", async () => {
    let runs = 0;
    const failed = await database.db
      .transaction(async (tx) => {
        runs++;
        await raise(tx, "23514");
      })
      .catch((err: unknown) => err);
    expect(runs).toBe(1);
    expect(failed).not.toBeInstanceOf(AppError);
  });

  it("forgets the after-commit work of a run that was given up", async () => {
    trackCommits(database.db);
    const done: number[] = [];
    let runs = 0;
    await database.db.transaction(async (tx) => {
      const run = ++runs;
      afterCommit(tx, () => done.push(run));
      if (run === 1) await raise(tx, "40P01");
    });
    expect(done).toEqual([2]);
  });
});

describe("a conflict that escapes to the error handler", () => {
  it("answers 503 with Retry-After, not 500", async () => {
    const app = Fastify();
    installErrorHandler(app);
    app.get("/deadlock", async () => {
      throw Object.assign(new Error("deadlock detected"), { code: "40P01" });
    });
    const res = await app.inject({ method: "GET", url: "/deadlock" });
    await app.close();
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("1");
    expect(res.json()).toEqual({ s: 503, m: CONFLICT_MESSAGE, d: null });
  });
});
