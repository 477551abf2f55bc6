// The locale catalogues: server messages (codes, field errors, mail) and the customer app's UI text.
export * from './locales.ts';
export { serverCatalogues, type ServerCatalogue } from './server.ts';
export {
  webCatalogues,
  type WebCatalogue,
  type MarketCatalogue,
  type WalletCatalogue,
  type TradeCatalogue,
  type LoansCatalogue,
  type NftCatalogue,
  type InviteCatalogue,
  type HelpCatalogue,
  type LedgerCatalogue,
  type SecurityCatalogue,
} from './web.ts';
