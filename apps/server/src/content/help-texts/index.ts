// The help centre's texts per locale (FAQ entries and notices), seeded by content/seed.ts; texts.test.ts
// fails until every one of the 11 locales is here.
import type { Locale } from '@tradewind/i18n/locales';
import type { HelpTexts } from './types.ts';
import { texts as en } from './en.ts';
import { texts as ja } from './ja.ts';
import { texts as ko } from './ko.ts';
import { texts as zhTW } from './zh-TW.ts';

export const helpTexts: Partial<Record<Locale, HelpTexts>> = {
  en,
  ja,
  ko,
  'zh-TW': zhTW,
};
