// The one list of ledger entry kinds (@tradewind/contract `entryKinds`) held against what the server posts and
// what the two apps can name: a kind posted without a name in every language, or named without being posted,
// fails here. post() takes only the contract's kinds (its type, and an assertion at run time); this reads every
// post() call of the server's sources, so a kind slipped in by a cast or a computed string is caught as well.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  categoryOfKind,
  entryCategories,
  entryKinds,
  entryLabelKey,
  kindsOfCategory,
  type EntryKind,
} from '@tradewind/contract';
import type { LedgerCatalogue } from '@tradewind/i18n';
import { locales, type Locale } from '@tradewind/i18n/locales';

const serverSources = path.resolve(import.meta.dirname, '..');
const localesDir = path.resolve(import.meta.dirname, '../../../../packages/i18n/locales');

/** The names both apps load for `locale` (the customer app's `ledger` namespace, the back office's `entries`). */
const ledgerCatalogue = (locale: Locale): LedgerCatalogue =>
  JSON.parse(readFileSync(path.join(localesDir, locale, 'ledger.json'), 'utf8')) as LedgerCatalogue;

/** The server's own code: every .ts file but tests and test helpers. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    const isTest = /\.test\.ts$|testing\.ts$/.test(entry.name);
    return entry.name.endsWith('.ts') && !isTest ? [full] : [];
  });
}

type Found = { kinds: string[]; unreadable: string[]; calls: number };

/**
 * The kinds the post(tx, entry, now) calls of one file pass: a string literal, or a name bound in the file to
 * literals (`const kind = approved ? 'withdrawal_payout' : 'withdrawal_release'`). Anything else is unreadable.
 */
function postedKinds(fileName: string, text: string): Found {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const bound = new Map<string, ts.Expression>();
  const found: Found = { kinds: [], unreadable: [], calls: 0 };
  const at = (node: ts.Node) => `${fileName}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const literals = (expr: ts.Expression): string[] | undefined => {
    if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return [expr.text];
    if (ts.isParenthesizedExpression(expr)) return literals(expr.expression);
    if (ts.isConditionalExpression(expr)) {
      const [a, b] = [literals(expr.whenTrue), literals(expr.whenFalse)];
      return a && b ? [...a, ...b] : undefined;
    }
    const init = ts.isIdentifier(expr) ? bound.get(expr.text) : undefined;
    return init ? literals(init) : undefined;
  };
  const entryOf = (arg: ts.Expression | undefined): ts.ObjectLiteralExpression | undefined => {
    if (arg && ts.isObjectLiteralExpression(arg)) return arg;
    const init = arg && ts.isIdentifier(arg) ? bound.get(arg.text) : undefined;
    return init && ts.isObjectLiteralExpression(init) ? init : undefined;
  };
  const kindOf = (entry: ts.ObjectLiteralExpression): ts.Expression | undefined => {
    for (const property of entry.properties) {
      if (property.name?.getText() !== 'kind') continue;
      if (ts.isPropertyAssignment(property)) return property.initializer;
      if (ts.isShorthandPropertyAssignment(property)) return property.name;
    }
    return undefined;
  };
  const bind = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer)
      bound.set(node.name.text, node.initializer);
    ts.forEachChild(node, bind);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'post') {
      found.calls++;
      const entry = entryOf(node.arguments[1]);
      const kind = entry && kindOf(entry);
      const names = kind && literals(kind);
      if (names) found.kinds.push(...names);
      else found.unreadable.push(at(node));
    }
    ts.forEachChild(node, visit);
  };
  bind(file);
  visit(file);
  return found;
}

function serverPosts(): Found {
  const all: Found = { kinds: [], unreadable: [], calls: 0 };
  for (const file of sourceFiles(serverSources)) {
    const text = readFileSync(file, 'utf8');
    if (!/\bpost\(/.test(text)) continue;
    const found = postedKinds(path.relative(serverSources, file), text);
    all.kinds.push(...found.kinds);
    all.unreadable.push(...found.unreadable);
    all.calls += found.calls;
  }
  return all;
}

const isNamed = (label: unknown, key: string): boolean =>
  typeof label === 'string' && label.trim() !== '' && label !== key;

describe('ledger entry kinds', () => {
  it('every kind the server posts is in the contract list, and every listed kind is posted somewhere', () => {
    const posted = serverPosts();
    // The reader sees the calls (a dozen domains post), and reads each one's kind.
    expect(posted.calls).toBeGreaterThanOrEqual(15);
    expect(posted.unreadable, 'post() calls whose kind is not a literal this test can read').toEqual([]);
    const listed = new Set<string>(entryKinds);
    expect([...new Set(posted.kinds)].filter((kind) => !listed.has(kind))).toEqual([]);
    expect(entryKinds.filter((kind) => !posted.kinds.includes(kind))).toEqual([]);
  });

  it('a post() of a kind outside the list, or of a computed kind, is reported', () => {
    const source = `
      const kind = late ? 'loan_penalty' : 'loan_repay';
      await post(tx, { book: 'real', kind, ref, lines }, now);
      await post(tx, { book: 'real', kind: \`loan_\${what}\`, ref, lines }, now);
      await post(tx, entry, now);`;
    const found = postedKinds('sample.ts', source);
    expect(found.calls).toBe(3);
    expect(found.kinds).toEqual(['loan_penalty', 'loan_repay']);
    expect(found.unreadable).toEqual(['sample.ts:4', 'sample.ts:5']);
    expect(found.kinds.filter((kind) => !(entryKinds as readonly string[]).includes(kind))).toEqual([
      'loan_penalty',
    ]);
  });

  it.each(locales)(
    'every kind and category has a name of its own in %s, and nothing else is named',
    (locale) => {
      const catalogue = ledgerCatalogue(locale);
      const kinds: Record<string, unknown> = catalogue.kinds;
      const categories: Record<string, unknown> = catalogue.categories;
      expect(Object.keys(kinds).sort()).toEqual([...entryKinds].sort());
      expect(entryKinds.filter((kind) => !isNamed(kinds[kind], kind))).toEqual([]);
      expect(Object.keys(categories).sort()).toEqual(['all', ...entryCategories].sort());
      expect(entryCategories.filter((category) => !isNamed(categories[category], category))).toEqual([]);
      expect(isNamed(catalogue.returnedBid, 'returnedBid') && isNamed(catalogue.unknown, 'unknown')).toBe(
        true,
      );
      // Two kinds under one name would be two movements the customer cannot tell apart.
      const names = entryKinds.map((kind) => kinds[kind]);
      expect(new Set(names).size).toBe(names.length);
    },
  );

  it('each category holds kinds, and each kind one category', () => {
    for (const category of entryCategories) expect(kindsOfCategory(category).length).toBeGreaterThan(0);
    const counted = entryCategories.flatMap(kindsOfCategory);
    expect(counted.sort()).toEqual([...entryKinds].sort());
    expect(Object.keys(categoryOfKind).sort()).toEqual([...entryKinds].sort());
  });

  it('a cash line is named by its kind; a returned bid and a kind unknown to the app by their own words', () => {
    const key = (kind: EntryKind | string, amount: string) => entryLabelKey(kind, amount);
    expect(key('smart_interest', '4')).toBe('kinds.smart_interest');
    expect(key('nft_bid', '-120')).toBe('kinds.nft_bid');
    expect(key('nft_bid', '120')).toBe('returnedBid');
    expect(key('loan_penalty', '-1')).toBe('unknown');
  });
});
