import nodemailer from "nodemailer";
import type { Outbox } from "./outbox.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Sends through SMTP_URL when set (e.g. smtp://user:pass@smtp.example.com:587) and copies every mail
 * into the development outbox when one is given. With neither, mail is only logged: the site still
 * works, but e-mail verification and reset links cannot be received.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outbox?: Outbox;
  log: (msg: string) => void;
}): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  return {
    async send(mail) {
      opts.outbox?.add({ channel: "email", to: mail.to, subject: mail.subject, text: mail.text });
      if (transport) {
        await transport.sendMail({ from: opts.from, ...mail });
      } else if (!opts.outbox) {
        opts.log(`mail to ${mail.to} not sent: SMTP_URL is not set`);
      }
    },
    close() {
      transport?.close();
    },
  };
}
