import type { Locale } from './locales.ts';
import en from '../locales/en/web.json' with { type: 'json' };
import ja from '../locales/ja/web.json' with { type: 'json' };
import ko from '../locales/ko/web.json' with { type: 'json' };
import de from '../locales/de/web.json' with { type: 'json' };
import fr from '../locales/fr/web.json' with { type: 'json' };
import it from '../locales/it/web.json' with { type: 'json' };
import es from '../locales/es/web.json' with { type: 'json' };
import ar from '../locales/ar/web.json' with { type: 'json' };
import th from '../locales/th/web.json' with { type: 'json' };
import zhTW from '../locales/zh-TW/web.json' with { type: 'json' };
import zhCN from '../locales/zh-CN/web.json' with { type: 'json' };

/** The customer app's UI text, keys grouped by screen. The app itself loads one language at a time. */
export type WebCatalogue = typeof en;

export const webCatalogues: Record<Locale, WebCatalogue> = {
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

import enMarket from '../locales/en/market.json' with { type: 'json' };
import enWallet from '../locales/en/wallet.json' with { type: 'json' };
import enTrade from '../locales/en/trade.json' with { type: 'json' };
import enLoans from '../locales/en/loans.json' with { type: 'json' };
import enNft from '../locales/en/nft.json' with { type: 'json' };
import enInvite from '../locales/en/invite.json' with { type: 'json' };
import enHelp from '../locales/en/help.json' with { type: 'json' };
import enLedger from '../locales/en/ledger.json' with { type: 'json' };
import enSecurity from '../locales/en/security.json' with { type: 'json' };

/** Screens of later features keep their text in namespaces of their own (one JSON file per locale each). */
export type MarketCatalogue = typeof enMarket;
export type WalletCatalogue = typeof enWallet;
export type TradeCatalogue = typeof enTrade;
export type LoansCatalogue = typeof enLoans;
export type NftCatalogue = typeof enNft;
export type InviteCatalogue = typeof enInvite;
export type HelpCatalogue = typeof enHelp;
/** Names of ledger entry kinds and categories, shared with the back office (src/admin.ts, `entries`). */
export type LedgerCatalogue = typeof enLedger;
/** Account security (two-factor, passkeys, sessions…) and the password meter: kept out of home's catalogue. */
export type SecurityCatalogue = typeof enSecurity;
