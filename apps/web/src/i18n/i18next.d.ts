// Typed translation keys: `t('home.headline')` is checked against the English catalogue.
import 'i18next';
import type {
  HelpCatalogue,
  InviteCatalogue,
  LedgerCatalogue,
  LoansCatalogue,
  MarketCatalogue,
  NftCatalogue,
  SecurityCatalogue,
  TradeCatalogue,
  WalletCatalogue,
  WebCatalogue,
} from '@tradewind/i18n';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'web';
    resources: {
      web: WebCatalogue;
      market: MarketCatalogue;
      wallet: WalletCatalogue;
      trade: TradeCatalogue;
      loans: LoansCatalogue;
      nft: NftCatalogue;
      invite: InviteCatalogue;
      help: HelpCatalogue;
      ledger: LedgerCatalogue;
      security: SecurityCatalogue;
    };
  }
}
