// Outgoing mail through nodemailer: SMTP when SMTP_URL is set, otherwise .eml files in DATA_DIR/outbox.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type Mail = { to: string; subject: string; text: string };
export type Mailer = { send: (mail: Mail) => Promise<void>; close: () => void };

export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      send: async (mail) => {
        await transport.sendMail({ from: opts.from, ...mail });
        opts.log.info({ subjectLength: mail.subject.length }, 'mail sent over SMTP');
      },
      close: () => transport.close(),
    };
  }
  // nodemailer's stream transport builds the complete RFC 822 message; we only store it.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (mail) => {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      await mkdir(opts.outboxDir, { recursive: true });
      const file = path.join(opts.outboxDir, `${Date.now()}-${randomUUID()}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      // Never the subject or text: a sign-up or reset code is in both (L-9); the file has them.
      opts.log.info({ file }, 'mail written to outbox');
    },
    close: () => transport.close(),
  };
}
