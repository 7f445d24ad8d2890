import type { Db } from "../../db/client.ts";
import type { Config } from "../config.ts";
import type { Kv } from "../lib/kv.ts";
import type { Mailer } from "../lib/mailer.ts";
import type { SmsProvider } from "../lib/sms.ts";

/** What every service is built from. Tests build the same thing with real parts (tests/support). */
export interface Deps {
  db: Db;
  kv: Kv;
  mailer: Mailer;
  sms: SmsProvider;
  config: Config;
}

/** Who is calling, as the session plugin resolved it; services authorize against it. */
export interface Caller {
  userId: string | null;
  sessionId: string | null;
  ip: string;
  userAgent: string;
}
