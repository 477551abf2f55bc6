// Mail over SMTP, against a real SMTP server on loopback; mails come in the requester's language.
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestApp, type TestApp } from '../test/harness.ts';
import { parseMail as parse } from '../test/mime.ts';

type Received = { from: string; to: string[]; raw: string };
type Catalogue = {
  codes: Record<string, string>;
  mail: Record<'codeSubjectRegister' | 'codeSubjectReset' | 'codeBody' | 'signature', string>;
};

const localesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../packages/i18n/locales',
);
const catalogue = (locale: string): Catalogue =>
  JSON.parse(readFileSync(path.join(localesDir, locale, 'server.json'), 'utf8')) as Catalogue;

const received: Received[] = [];
let smtp: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await startTestApp({}, { SMTP_URL: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

describe('mail over SMTP', () => {
  it('delivers the sign-up code to the SMTP server in German for Accept-Language: de', async () => {
    const res = await client(t.app, { lang: 'de' }).post('/api/swx/customer/login/sendCode', {
      body: { email: 'greta@example.de', purpose: 'register' },
    });
    const de = catalogue('de');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(de.codes['10028']);

    const mail = received.find((m) => m.to.includes('greta@example.de'));
    expect(mail).toBeDefined();
    const { subject, body } = parse(mail?.raw ?? '');
    const code = /\b(\d{6})\b/.exec(subject)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(subject).toBe(de.mail.codeSubjectRegister.replace('{{code}}', code));
    expect(body).toContain(de.mail.codeBody.replace('{{code}}', code).replace('{{minutes}}', '10'));
    expect(body).toContain(de.mail.signature);
    expect(mail?.from).toBe('no-reply@tradewind.local');
  });

  it('writes nothing to the outbox when SMTP is configured', async () => {
    await expect(readdir(path.join(t.dataDir, 'outbox'))).rejects.toThrow();
  });

  it('answers 10029 when the SMTP server cannot be reached, and lets the user ask again at once', async () => {
    const port = await closedPort();
    const down = await startTestApp({}, { SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const send = () =>
        client(down.app).post('/api/swx/customer/login/sendCode', {
          body: { email: 'unlucky@example.com', purpose: 'register' },
        });
      const first = await send();
      expect(first.status).toBe(500);
      expect(first.body).toEqual({
        code: '10029',
        message: 'Failed to send verification code',
        result: null,
      });
      // The failed code was withdrawn, so this is no "resend too soon" (10026).
      expect((await send()).body.code).toBe('10029');
    } finally {
      await down.close();
    }
  });
});

/** A loopback port nothing listens on: bound once, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
