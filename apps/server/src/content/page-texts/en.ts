// The pages in English.
import type { PageTexts } from './types.ts';

export const en: PageTexts = {
  about: {
    title: 'About Tradewind',
    body: '<h2>About Tradewind</h2><p>Tradewind is a retail trading and investment platform. Prices come from a recorded market feed; every balance change is a double-entry ledger entry you can trace in your records.</p>',
  },
  terms: {
    title: 'Terms of service',
    body: '<h2>Terms of service</h2><p>By opening an account you agree to use Tradewind for your own account only, to keep your login details secret and to provide true identity information. The platform is the counterparty to every contract you open.</p>',
  },
  privacy: {
    title: 'Privacy policy',
    body: '<h2>Privacy policy</h2><p>We keep the data needed to run your account: identity documents for verification, your transactions and your login sessions. We never sell personal data. You may ask for a copy or for deletion where the law allows.</p>',
  },
  aml: {
    title: 'Anti-money-laundering policy',
    body: '<h2>Anti-money-laundering policy</h2><p>Withdrawals and loans require a verified identity. Deposits are reviewed before they are credited, and unusual activity is reported as the law requires.</p>',
  },
  risk: {
    title: 'Risk disclosure',
    body: '<h2>Risk disclosure</h2><p>Leveraged contracts carry a high risk of losing money quickly. Your loss on a contract never exceeds the margin you put up, and a position is closed when its margin level falls to 50%. Only trade with money you can afford to lose.</p>',
  },
  'simulated-data': {
    title: 'Simulated market data',
    body: '<h2>Simulated market data</h2><p>Unless a market is marked live, its prices come from a simulated feed for demonstration. Simulated prices are labelled as such wherever they appear.</p>',
  },
};
