// The help centre in English: the source the other ten locales translate, entry for entry. Every figure
// here is the product's own (settings/defaults.ts, market/catalogue.ts, smart/seed.ts, migration 0013's
// loan products, loans/ for repayment and the late cost, issue 11's auction and invite rules); change them
// together when the product changes, and raise helpTextVersion (content/seed.ts) so seeded databases get them.
import type { HelpTexts } from './types.ts';

export const texts: HelpTexts = {
  faq: [
    {
      topic: 'accounts',
      title: 'How do I open an account and sign in?',
      body: '<p>Tap <strong>Sign up</strong>, choose a user name, enter your e-mail address and a password of at least 8 characters, then type the 6-digit code we e-mail you. The code is valid for 10 minutes. If a friend invited you, their invite code is filled in from their link.</p><p>After that you sign in with your user name or e-mail address and your password, or with Google where that option is shown. Every account has two separate books: a <strong>demo book</strong> for practising with virtual money and a <strong>real book</strong> for your own funds, which starts at 0 USDT.</p>',
    },
    {
      topic: 'demo',
      title: 'What is the demo book, and how do I switch to the real one?',
      body: '<p>The demo book holds <strong>100,000 virtual USDT</strong> for practice. You can open contracts on every market just as in the real book, at the same prices and on the same terms, but with virtual money.</p><p>Switch between <strong>Demo</strong> and <strong>Real</strong> in the top bar or on the account page; the confirm step of every contract names the book it uses. The two books are separate ledgers and nothing ever moves between them: virtual money can never be withdrawn, and your real money never mixes with demo money.</p>',
    },
    {
      topic: 'demo',
      title: 'Can I reset the demo book, and what can it not be used for?',
      body: '<p>Yes. You can reset the demo book on the balance page at any time: open demo contracts are closed at their latest price, and demo cash goes back to exactly 100,000 virtual USDT. A reset never touches your real book.</p><p>Because demo money is not real, the following work in the real book only:</p><ul><li>deposits and withdrawals;</li><li>smart plans;</li><li>loans;</li><li>bids on charity NFTs.</li></ul>',
    },
    {
      topic: 'deposits',
      title: 'How do I deposit?',
      body: '<p>Go to <strong>Account → Deposit</strong>, choose one of the open coins and networks (USDT on TRC20 or ERC20, BTC or ETH) and send the coins to the address shown. Send only that coin on that network: coins sent on another network cannot be recovered.</p><p>Then submit the amount, the transaction hash and a screenshot as proof. Our finance team checks the transfer, and your real book is credited once the deposit is approved, never before. USDT is credited 1:1; BTC and ETH are converted at the rate shown before you submit. Each channel shows its minimum deposit, and up to 5 deposits may wait for review at a time.</p>',
    },
    {
      topic: 'withdrawals',
      title: 'How do I withdraw money?',
      body: '<p>Withdrawals are paid from your real book once your identity is verified. In <strong>Account → Withdraw</strong>, add a bank card or a USDT address (TRC20 or ERC20), enter the amount and confirm with your password. The current terms, always shown before you confirm:</p><ul><li>fee: 1% of the amount, at least 1 USDT, with the net amount you will receive;</li><li>minimum withdrawal: 10 USDT;</li><li>up to 5 withdrawals may wait for review at a time.</li></ul><p>The amount is held as soon as you submit. Our finance team then reviews the request: if it is approved, the money is paid out; if it is rejected, the full amount returns to your balance.</p>',
    },
    {
      topic: 'kyc',
      title: 'How do I verify my identity, and how long does it take?',
      body: '<p>Open <strong>Account → Identity verification</strong>. Fill in your name, sex, date of birth, country, address and phone number, choose your document (ID card, passport or driving licence) and add three photos: the front, the back, and you holding the document. Photos may be JPG, PNG or JPEG 2000. You must be at least 18 years old.</p><p>Our compliance team reviews each submission within 48 hours, and you receive a notification with the result. If a submission is rejected, the notification gives the reason and you can correct it and submit again. Verification is required for withdrawals and loans.</p>',
    },
    {
      topic: 'contracts',
      title: 'How does a contract work?',
      body: "<p>A contract is a short-term leveraged position on a price. You choose <strong>Up</strong> or <strong>Down</strong>, the lots, the leverage and the term. Tradewind is your counterparty: what you gain, the platform pays, and what you lose, it keeps.</p><ul><li>Notional = lots × contract size × open price.</li><li>Margin = notional ÷ leverage.</li><li>Fee = notional × the instrument's fee rate, charged once at opening.</li></ul><p>Leverage is capped per category: forex 30×, metals 20×, futures 10×, stocks 5×, crypto 2×. Before anything is sent, the confirm step shows the price, margin, fee, maximum loss and expiry. Leverage magnifies losses as well as gains.</p>",
    },
    {
      topic: 'contracts',
      title: 'When is a contract closed, and how much can I lose?',
      body: '<p>A contract closes at the first of these moments:</p><ul><li>you close it yourself at the latest price;</li><li>the price reaches your take-profit or stop-loss (the close is at the first price at or beyond that level, which may be beyond it);</li><li>its term ends (from 1 minute to 24 hours, depending on the market);</li><li>your equity, the margin plus the profit or loss, falls to 50% of the margin (a margin close-out).</li></ul><p>Your loss on a contract never exceeds its margin, even if the price jumps: under negative balance protection the platform absorbs anything beyond it. You can still lose the whole margin, so trade only with money you can afford to lose.</p>',
    },
    {
      topic: 'contracts',
      title: 'Where do prices come from, and can I check a settlement?',
      body: '<p>Every price comes from a recorded market feed, never from a person: nobody at Tradewind, staff included, can set a price or choose the outcome of a contract. Each contract records the exact ticks it opened and closed at, and in your order history <strong>Verify</strong> shows both ticks with their time and price.</p><p>If the price moves more than 0.5% between the confirm step and your confirmation, the contract is not opened and the new terms are shown for you to confirm again. Prices labelled <strong>Simulated data</strong> come from a simulated feed, used where no live feed is connected, and are marked as such wherever they appear.</p>',
    },
    {
      topic: 'smart',
      title: 'What is a smart plan?',
      body: '<p>A smart plan is a fixed-term plan at a fixed daily rate, similar to a locked savings product. You choose a plan, a duration and an amount. The amount is locked for that period, interest is paid into your real book every 24 hours from the start, and the principal returns to your balance at maturity.</p><p>The interest is paid by Tradewind from its own funds. A smart plan is <strong>not</strong> an investment in trading results and is <strong>not</strong> covered by any deposit guarantee. The rate, the total interest and the maturity date are shown before you confirm, and a running plan keeps its rate even if the offer changes later. You can hold one running plan per product at a time.</p>',
    },
    {
      topic: 'smart',
      title: 'Can I leave a smart plan early?',
      body: '<p>Yes. Open the plan under <strong>My plans</strong> and choose early exit. The dialog shows the penalty in USDT before you confirm: a percentage fixed when the plan started (5% on the current plans) of your principal plus the interest already paid, never more than the principal. You receive the principal minus the penalty, and interest already paid stays yours.</p><p>Any day whose 24 hours have already passed is paid before the exit, so no earned day is lost. If you would rather continue, switch on <strong>Renew at maturity</strong>: a new plan then starts when the old one ends, at the rate in force at that time.</p>',
    },
    {
      topic: 'loans',
      title: 'Who can borrow, and how does a loan work?',
      body: "<p>Loans are open to customers with a verified identity, in the real book. Choose a product and an amount: the page shows the term, the interest-free days (7 on the current products), the daily rate, the total interest, the repayment amount, the repayment date and the cost of repaying late. Interest = amount × daily rate × (term − interest-free days).</p><p>Before you apply, you read the loan agreement for exactly those terms as a PDF and sign it on screen. Once approved, the loan is paid into your real book. You can have one loan at a time, currently of at most 50,000 USDT per customer. On the repayment date, what you owe is taken automatically from your real book's cash; you can also repay everything earlier, but that does not reduce the interest. A new loan is possible once the current one is repaid.</p>",
    },
    {
      topic: 'loans',
      addedIn: '1.1',
      title: 'What happens on the repayment date, and if I repay late?',
      body: '<p>You are reminded 3 days and 1 day before the repayment date. On that date, what you owe is taken automatically from the cash in your real book: interest and any late cost first, then the principal. If the cash does not cover it all, what is there is taken, and the rest as cash arrives (a deposit, a plan maturing, a contract closing) until the loan is repaid. You are notified of each repayment. Keep enough cash in your real book on that date to repay on time.</p><p>A loan still owed after the repayment date is overdue. For each whole day it stays overdue, a late cost is added to what you owe: currently 0.1% a day of the principal still unpaid that day. The rate for your loan is the one its agreement stated before you signed. No late cost is charged on interest or on late cost. Until an overdue loan is repaid, you cannot withdraw, open contracts in the real book, buy smart plans or bid on NFTs; the demo book is not affected.</p>',
    },
    {
      topic: 'loans',
      addedIn: '1.1',
      title: 'Can I use borrowed money for a smart plan or an NFT bid?',
      body: '<p>No. While you are repaying a loan, smart plans and NFT bids are paid from your own funds only: after the purchase or bid, the cash in your real book must still cover the loan principal you have not yet repaid. If it would not, the plan or bid is refused and the message shows how much you can use. A plan with <strong>Renew at maturity</strong> on is then not renewed, and you are told.</p><p>This way borrowed money does not earn interest paid by Tradewind or sit in an auction. As long as the loan is not overdue, you can still withdraw the borrowed money or use it for contracts in the real book.</p>',
    },
    {
      topic: 'nfts',
      title: 'How do the charity NFT auctions work?',
      body: "<p>Each charity NFT is sold at auction, and the winning bid goes to a children's charity. Bids are placed from your real book:</p><ul><li>a bid must be at least the current bid plus the minimum increment shown;</li><li>the bid amount is held from your cash; if someone outbids you, it returns to your balance in full and you are notified;</li><li>a bid in the last 2 minutes extends the auction to 2 minutes after that bid, so others have time to answer.</li></ul><p>When the auction ends, the highest bidder receives the NFT and the winning bid is recorded in the public donation ledger, where anyone can check every donation and every payout to the charity.</p>",
    },
    {
      topic: 'invite',
      title: 'How does the invite programme work?',
      body: '<p>Your personal invite code, link and QR code are under <strong>Account → Invite friends</strong>. A friend who signs up with your code or link is linked to your account; you cannot invite yourself.</p><p>When your friend’s first deposit is approved, you receive a reward in your real book: currently <strong>10 USDT</strong> per friend, and the invite page always shows the amount in force. The reward is paid once per friend; later deposits do not earn another one. The page also lists the friends you have invited and whether each reward has been paid.</p>',
    },
    {
      topic: 'security',
      title: 'How is my account kept secure?',
      body: '<p>Your password is stored only as an Argon2 hash, never in readable form, and session tokens are stored only as hashes too. A session ends after 14 days without use, and after 30 days at the latest.</p><ul><li>Changing your password signs out all your other devices; resetting it signs out every device.</li><li>E-mailed codes are single-use, valid for 10 minutes and void after 5 wrong attempts.</li><li>Withdrawals must be confirmed with your password, and bank card numbers are stored encrypted and shown only by their last four digits.</li></ul><p>Never share your password or a code with anyone. Tradewind staff will never ask you for them.</p>',
    },
    {
      topic: 'fees',
      title: 'What fees does Tradewind charge?',
      body: '<p>Every fee is shown before you confirm. The current fees:</p><ul><li><strong>Contracts:</strong> a fee on the notional, charged once at opening: 0.03% for forex, 0.04% for metals, 0.05% for stocks and futures, and 0.10% or 0.20% for crypto, depending on the coin. Nothing is charged at closing.</li><li><strong>Withdrawals:</strong> 1% of the amount, at least 1 USDT.</li><li><strong>Deposits:</strong> no Tradewind fee; the blockchain network charges its own transfer fee.</li><li><strong>Smart plans:</strong> no fee; only an early exit costs the penalty shown.</li><li><strong>Loans:</strong> the interest stated in your agreement and, if you repay late, the late cost it states (currently 0.1% a day of the principal still unpaid after the repayment date).</li></ul>',
    },
  ],
  notices: [
    {
      publishedAt: '2026-11-28T00:00:00.000Z',
      addedIn: '1.1',
      title: 'New terms for loans and smart plans',
      body: "<p>From 28 November 2026, new loans and smart plans work as follows:</p><ul><li><strong>Repaying late has a cost.</strong> Each whole day a loan stays unpaid after its repayment date adds a late cost, currently 0.1% of the unpaid principal. Your agreement states it before you sign. Loans signed earlier keep their agreement, which stated no late cost.</li><li><strong>Repayment is automatic.</strong> You are reminded 3 days and 1 day before. On the repayment date, what you owe is taken from your real book's cash, and after that from any cash that arrives, until the loan is repaid.</li><li><strong>Borrowed money does not pay for plans or bids.</strong> While you repay a loan, smart plans and NFT bids are paid from your own funds only. While a loan is overdue, withdrawals, new contracts in the real book, plans and bids are blocked until it is repaid.</li><li><strong>One loan at a time, up to 50,000 USDT</strong> per customer.</li><li><strong>Smart plans:</strong> the Steady plan now runs 14, 30, 90 or 180 days (the 7-day plan has ended), and the Growth plan pays 0.020%, 0.025% or 0.026% a day. No plan pays more over its term than borrowing for the same days costs. Plans already running keep their rate and term.</li></ul><p>The terms of service and the risk disclosure say the same from version 1.1.</p>",
    },
    {
      publishedAt: '2026-11-20T09:00:00.000Z',
      title: 'Charity NFT auctions are now open',
      body: "<p>Our first collection of charity NFTs is now up for auction under <strong>NFTs</strong>. Every winning bid goes to a children's charity, and each donation and each payout to the charity is listed in a public donation ledger that anyone can check and add up.</p><p>Bids are placed from your real book and must beat the current bid by at least the minimum increment. If you are outbid, your bid returns to your balance in full. A bid in the last 2 minutes extends the auction to 2 minutes after that bid. Thank you for taking part.</p>",
    },
    {
      publishedAt: '2026-11-04T09:00:00.000Z',
      title: 'Smart plans and loans are now available',
      body: "<p>Two new products are now open in the real book:</p><ul><li><strong>Smart plans</strong>: fixed-term plans at a fixed daily rate, paid by Tradewind from its own funds. The Steady plan runs 14, 30, 90 or 180 days at 0.010%–0.025% a day (100–50,000 USDT); the Growth plan runs 30, 90 or 180 days at 0.020%–0.026% a day (1,000–200,000 USDT). They are not an investment in trading results and not covered by any deposit guarantee.</li><li><strong>Loans</strong>: for verified customers, one at a time and up to 50,000 USDT, with 7 interest-free days, a signed agreement and the full cost shown before you apply, including the cost of repaying late. On the repayment date, repayment is taken automatically from your real book's cash.</li></ul><p>Figures updated on 28 November 2026: see that day's notice.</p>",
    },
  ],
};
