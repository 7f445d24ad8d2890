import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll } from "vitest";
import type { NuggetApp } from "../../server/app.ts";
import type { Config } from "../../server/config.ts";
import { testApp } from "./app.ts";

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on a free loopback port that keeps what it receives. */
export async function startSmtp() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (raw += chunk));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The mails sent to `to`, newest last, with quoted-printable soft breaks undone. */
    mailsTo(to: string) {
      return received
        .filter((m) => m.to.includes(to))
        .map((m) => m.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "="));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Smtp = Awaited<ReturnType<typeof startSmtp>>;

/**
 * The preamble of an API test file that reads the mail it sends: an SMTP server, then one app that
 * mails through it, for the whole file; both closed after it, the app first.
 * `use` receives them once they are up — `useTestAppWithSmtp((n, s) => ((nugget = n), (smtp = s)))`.
 */
export function useTestAppWithSmtp(
  use: (nugget: NuggetApp, smtp: Smtp) => void,
  overrides: Partial<Config> = {},
) {
  let smtp: Smtp | undefined;
  let nugget: NuggetApp | undefined;
  beforeAll(async () => {
    smtp = await startSmtp();
    nugget = await testApp({ ...overrides, smtpUrl: smtp.url });
    use(nugget, smtp);
  });
  afterAll(async () => {
    await nugget?.app.close();
    await nugget?.database.close();
    await smtp?.close();
  });
}
