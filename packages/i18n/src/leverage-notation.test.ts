// One leverage notation everywhere (issue 23): the customer app writes "30×", and the back office and the
// server's messages wrote "30:1". Every catalogue of every language now writes a leverage as `{{n}}×`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { locales } from './locales.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../locales');

function strings(node: unknown, at: string, out: [string, string][]): [string, string][] {
  if (typeof node === 'string') out.push([at, node]);
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) strings(v, at ? `${at}.${k}` : k, out);
  return out;
}

describe('leverage notation', () => {
  it('no catalogue writes a leverage as "n:1"', () => {
    const found: string[] = [];
    for (const locale of locales) {
      for (const file of readdirSync(path.join(root, locale)).filter((f) => f.endsWith('.json'))) {
        const json: unknown = JSON.parse(readFileSync(path.join(root, locale, file), 'utf8'));
        for (const [key, text] of strings(json, '', []))
          if (/\{\{\w+\}\}\s*:\s*1(?!\d)/.test(text)) found.push(`${locale}/${file} ${key}: ${text}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('the back office and the server write the category cap as "n×"', () => {
    const admin = JSON.parse(readFileSync(path.join(root, 'en/admin.json'), 'utf8')) as {
      instruments: { capShort: string };
    };
    const server = JSON.parse(readFileSync(path.join(root, 'en/server.json'), 'utf8')) as {
      fields: { leverageCap: string };
    };
    expect(admin.instruments.capShort).toBe('Cap {{max}}×');
    expect(server.fields.leverageCap).toMatch(/\{\{max\}\}×$/);
  });
});
