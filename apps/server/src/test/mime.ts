// Just enough MIME decoding for nodemailer's output, for tests that read what was mailed: RFC 2047 words in
// headers, quoted-printable or base64 bodies; and the outbox's mails to one address (platform/mail.ts).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

function decodeWords(header: string): string {
  return header.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_all, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replaceAll('_', ' ')),
  );
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

export function parseMail(raw: string): { subject: string; body: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = decodeWords(/^Subject: (.*)$/im.exec(unfolded)?.[1] ?? '');
  const encoding = /^Content-Transfer-Encoding: (.*)$/im.exec(unfolded)?.[1]?.trim().toLowerCase();
  const bodyRaw = rest.join('\n\n');
  const body =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(bodyRaw)
      : encoding === 'base64'
        ? Buffer.from(bodyRaw, 'base64').toString('utf8')
        : bodyRaw;
  return { subject, body };
}

/** The outbox's mails to `to`, oldest first, decoded. */
export async function outboxMailsTo(
  dataDir: string,
  to: string,
): Promise<{ subject: string; body: string }[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [])).sort();
  const raws = await Promise.all(files.map((file) => readFile(path.join(dir, file), 'utf8')));
  return raws.filter((raw) => raw.toLowerCase().includes(`to: ${to.toLowerCase()}`)).map(parseMail);
}
