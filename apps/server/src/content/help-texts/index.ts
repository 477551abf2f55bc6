// The help centre's texts per locale (FAQ entries and notices), seeded by content/seed.ts. A Record, not a
// Partial: every one of the 11 languages has its module, and a language missing here fails to compile.
import type { Locale } from '@tradewind/i18n/locales';
import type { HelpTexts } from './types.ts';
import { texts as en } from './en.ts';
import { texts as ja } from './ja.ts';
import { texts as ko } from './ko.ts';
import { texts as de } from './de.ts';
import { texts as fr } from './fr.ts';
import { texts as it } from './it.ts';
import { texts as es } from './es.ts';
import { texts as ar } from './ar.ts';
import { texts as th } from './th.ts';
import { texts as zhTW } from './zh-TW.ts';
import { texts as zhCN } from './zh-CN.ts';

export const helpTexts: Record<Locale, HelpTexts> = {
  en,
  ja,
  ko,
  de,
  fr,
  it,
  es,
  ar,
  th,
  'zh-TW': zhTW,
  'zh-CN': zhCN,
};
