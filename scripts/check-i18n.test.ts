import { describe, it, expect } from 'vitest';
import { checkCatalogues } from './check-i18n.ts';

const en = {
  codes: { '10004': 'Incorrect username or password', '10109': 'The minimum for {{name}} is {{limit}}' },
  mail: { signature: 'The Tradewind team', brand: 'Tradewind', code: '{{code}}' },
};
const ja = {
  codes: {
    '10004': 'ユーザー名またはパスワードが正しくありません',
    '10109': '{{name}}の最低額は{{limit}}です',
  },
  mail: { signature: 'Tradewind チーム', brand: 'Tradewind', code: '{{code}}' },
};
const es = {
  codes: {
    '10004': 'Nombre de usuario o contraseña incorrectos',
    '10109': 'El mínimo para {{name}} es {{limit}}',
  },
  mail: { signature: 'El equipo de Tradewind', brand: 'Tradewind', code: '{{code}}' },
};

function withCode(catalogue: typeof ja, key: '10004' | '10109', value: string) {
  return { ...catalogue, codes: { ...catalogue.codes, [key]: value } };
}

describe('checkCatalogues', () => {
  it('accepts complete translations, including brand names and placeholder-only values', () => {
    expect(checkCatalogues({ en, ja, es })).toEqual([]);
  });

  it('reports a missing key', () => {
    const incomplete = { ...ja, codes: { '10109': ja.codes['10109'] } };
    expect(checkCatalogues({ en, ja: incomplete })).toEqual(['ja/server.json codes.10004: missing key']);
  });

  it('reports an extra key', () => {
    const extra = { ...ja, codes: { ...ja.codes, '99999': '余分' } };
    expect(checkCatalogues({ en, ja: extra })).toEqual([
      'ja/server.json codes.99999: extra key, not in English',
    ]);
  });

  it('reports a renamed placeholder', () => {
    const renamed = withCode(ja, '10109', '{{coin}}の最低額は{{limit}}です');
    expect(checkCatalogues({ en, ja: renamed })).toEqual([
      'ja/server.json codes.10109: placeholders {coin, limit} differ from English {limit, name}',
    ]);
  });

  it('reports a value left in English', () => {
    const untranslated = withCode(ja, '10004', en.codes['10004']);
    expect(checkCatalogues({ en, ja: untranslated })).toEqual([
      'ja/server.json codes.10004: untranslated, same as English: "Incorrect username or password"',
    ]);
  });

  it('reports an empty value', () => {
    expect(checkCatalogues({ en, es: withCode(es, '10004', ' ') })).toEqual([
      'es/server.json codes.10004: must be a non-empty string',
    ]);
  });

  it('reports a Japanese value without Japanese script', () => {
    const latin = withCode(ja, '10004', 'Benutzername oder Passwort ist falsch');
    expect(checkCatalogues({ en, ja: latin })).toEqual([
      'ja/server.json codes.10004: no ja script in "Benutzername oder Passwort ist falsch"',
    ]);
  });

  it('reports Portuguese in the Spanish catalogue', () => {
    const portuguese = withCode(es, '10004', 'Nome de usuário ou senha incorretos');
    expect(checkCatalogues({ en, es: portuguese })).toEqual([
      'es/server.json codes.10004: Portuguese "senha" in "Nome de usuário ou senha incorretos"',
    ]);
  });

  it('reports Portuguese letters such as "ção" in Spanish', () => {
    const portuguese = withCode(es, '10004', 'Falha na autenticação');
    expect(checkCatalogues({ en, es: portuguese })).toEqual([
      'es/server.json codes.10004: Portuguese "ç" in "Falha na autenticação"',
    ]);
  });
});

describe('checkCatalogues on the instrument names (instruments.json)', () => {
  const names = { names: { XAUUSD: 'Gold', BTCUSDT: 'Bitcoin' } };

  it('takes a Latin-script name written as in English ("Gold" in German)', () => {
    const de = { names: { XAUUSD: 'Gold', BTCUSDT: 'Bitcoin' } };
    const ja = { names: { XAUUSD: '金', BTCUSDT: 'ビットコイン' } };
    expect(checkCatalogues({ en: names, de, ja }, 'instruments.json')).toEqual([]);
  });

  it('still wants the locale script where there is one, and every name', () => {
    const ja = { names: { XAUUSD: 'Gold' } };
    expect(checkCatalogues({ en: names, ja }, 'instruments.json')).toEqual([
      'ja/instruments.json names.BTCUSDT: missing key',
      'ja/instruments.json names.XAUUSD: untranslated, same as English: "Gold"',
    ]);
  });

  it('keeps the rule for other catalogues', () => {
    expect(checkCatalogues({ en: names, de: names }, 'web.json')).toHaveLength(2);
  });
});
