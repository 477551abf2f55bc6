// Phone area codes for sign-up: 45 entries from +1 to +886 (spec.md §9), each with a region for its name.
export const areaCodes = [
  ['+1', 'US'],
  ['+7', 'RU'],
  ['+20', 'EG'],
  ['+27', 'ZA'],
  ['+30', 'GR'],
  ['+31', 'NL'],
  ['+32', 'BE'],
  ['+33', 'FR'],
  ['+34', 'ES'],
  ['+39', 'IT'],
  ['+40', 'RO'],
  ['+41', 'CH'],
  ['+43', 'AT'],
  ['+44', 'GB'],
  ['+45', 'DK'],
  ['+46', 'SE'],
  ['+47', 'NO'],
  ['+48', 'PL'],
  ['+49', 'DE'],
  ['+51', 'PE'],
  ['+52', 'MX'],
  ['+54', 'AR'],
  ['+55', 'BR'],
  ['+56', 'CL'],
  ['+57', 'CO'],
  ['+60', 'MY'],
  ['+61', 'AU'],
  ['+62', 'ID'],
  ['+63', 'PH'],
  ['+64', 'NZ'],
  ['+65', 'SG'],
  ['+66', 'TH'],
  ['+81', 'JP'],
  ['+82', 'KR'],
  ['+84', 'VN'],
  ['+86', 'CN'],
  ['+90', 'TR'],
  ['+91', 'IN'],
  ['+92', 'PK'],
  ['+212', 'MA'],
  ['+234', 'NG'],
  ['+351', 'PT'],
  ['+852', 'HK'],
  ['+853', 'MO'],
  ['+886', 'TW'],
] as const satisfies readonly (readonly [string, string])[];

export type AreaCode = (typeof areaCodes)[number][0];

/** Used when the browser names no region the list knows. */
const fallbackAreaCode: AreaCode = '+44';

/**
 * The area code of the browser's region: the first of the preferred languages (navigator.languages) that
 * names a region (en-US → +1, de-AT → +43), or whose likely region does (ja → JP → +81); else +44.
 */
export function defaultAreaCode(languages: readonly string[]): AreaCode {
  for (const tag of languages) {
    let region: string | undefined;
    try {
      region = new Intl.Locale(tag).maximize().region;
    } catch {
      continue; // not a language tag
    }
    const found = areaCodes.find(([, known]) => known === region);
    if (found) return found[0];
  }
  return fallbackAreaCode;
}

/** The browser's preferred languages, most preferred first. */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}
