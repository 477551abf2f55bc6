// The page texts per locale, all 11 (texts.test.ts keeps it so); the fallback stays for pages operators add.
import type { Locale } from '@tradewind/i18n/locales';
import type { PageTexts } from './types.ts';
import { en } from './en.ts';
import { zhCN } from './zh-CN.ts';
import { ja } from './ja.ts';
import { de } from './de.ts';
import { ko } from './ko.ts';
import { fr } from './fr.ts';
import { zhTW } from './zh-TW.ts';
import { it } from './it.ts';
import { es } from './es.ts';
import { th } from './th.ts';
import { ar } from './ar.ts';

export const pageTexts: Record<Locale, PageTexts> = {
  en,
  'zh-CN': zhCN,
  ja,
  de,
  ko,
  fr,
  'zh-TW': zhTW,
  it,
  es,
  th,
  ar,
};
