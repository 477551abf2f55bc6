// The system parameters and the values a fresh install starts with. A domain that needs a parameter adds
// its key here (and to the contract's `paramKeys` when the public may read it); operators change values later.
export const defaultParams: Record<string, string> = {
  min_invest_usd: '100',
  /** The withdrawal fee rate as a decimal fraction of the amount (wallet/withdraw-fee.ts parses it). */
  withdraw_fee_rate: '0.01',
  /**
   * Withdrawal limits in USDT (wallet/withdraw-settings.ts): no withdrawal below the minimum amount, no fee
   * below the minimum fee (both shown in the quote), and at most this many waiting for review per customer,
   * so dust withdrawals cannot flood the review queue.
   */
  withdraw_amount_min: '10',
  withdraw_fee_min: '1',
  withdraw_pending_max: '5',
  /**
   * The withdrawal allowlist (wallet/withdraw-cooldown.ts): a payout method added (or changed) is usable this
   * many hours later, and a password change or reset or a two-factor reset pauses withdrawals as long, so a
   * stolen session or password cannot empty the account at once. Public: the withdrawal page states it.
   */
  withdraw_method_cooldown_h: '24',
  loan_free_days: '7',
  /**
   * Loans (loans/late.ts): what a loan left unpaid past its repayment date costs, as a fraction of what is owed
   * per day (0.1 % a day), copied into each agreement when it is issued and shown before signing; and the
   * most one customer may borrow at a time, in USDT (10173).
   */
  loan_overdue_daily_rate: '0.001',
  loan_limit_per_customer: '50000',
  smart_early_exit_penalty_pct: '5',
  /**
   * Smart plans (smart/admin.ts): the highest daily rate, in percent a day, the back office may set on a plan
   * (0.1 % a day); a higher one is refused with a field error.
   */
  smart_daily_rate_max: '0.1',
  /**
   * Manual balance adjustments in USDT, on the absolute amount (admin/adjustments.ts): up to the first any
   * finance admin may approve, up to the second only a superadmin, above it nobody (10125).
   */
  adjustment_amount_max: '10000',
  adjustment_amount_max_superadmin: '1000000',
  /**
   * Links to outside services start empty and their buttons stay hidden until an operator sets them: no
   * third party's URL and no placeholder reaches a customer (DESIGN.md §1.8).
   */
  support_chat_url: '',
  app_download_url: '',
  /**
   * The support contact (About page, footer): empty until an operator enters real ones, and each is hidden
   * while empty, so no invented address or number reaches a customer.
   */
  contact_email: '',
  contact_phone: '',
  /**
   * Who runs the platform (About, footer, legal pages): the legal entity, its registered address, company
   * registration, licence and regulator (or "not licensed"), and its email. Empty on a fresh install, so the
   * back office's dashboard warns until they are filled; no deposit channel opens before the name and email
   * are set (wallet/channels.ts).
   */
  operator_name: '',
  operator_address: '',
  operator_registration: '',
  operator_licence: '',
  operator_email: '',
  /**
   * The charity every winning bid goes to (NFT pages, FAQ, legal pages): no auction is created before its
   * name is set (nft/admin.ts). The website, when set, is an https:// address.
   */
  charity_name: '',
  charity_registration: '',
  charity_website: '',
  /** A notice pinned to the home bar; empty: the bar shows the newest notice. */
  notice_content_id: '',
  /**
   * Deposit claims (wallet/deposit-settings.ts): at most this many waiting for review per customer, and how
   * far (in basis points) the rate a claim locks may be from the rate its form showed before 10112. No
   * `deposit_min` here: it is computed from the enabled channels when read, so the two cannot disagree.
   */
  deposit_pending_max: '5',
  deposit_rate_tolerance_bps: '50',
  /**
   * Contracts (orders/open.ts): how far, in percent of the price the confirm step showed, the open price may
   * move before buyOptions refuses with 10112. Public: the confirm step discloses it.
   */
  max_slippage_pct: '0.5',
  /**
   * Prices (market/feed.ts `priceStatus`): a live source's last tick older than this many seconds is
   * "stale", and the real book pauses on it (10161). Public: the screens say "Delayed" beyond it.
   */
  price_stale_after_s: '30',
  /**
   * The invite programme (invite/reward.ts): USDT paid to the inviter's real book when an invitee's first
   * deposit is approved, from the platform's marketing expense. Public: the invite page discloses it. "0"
   * pauses the programme (nothing is paid, and a later deposit is not a first one).
   */
  invite_reward_usdt: '10',
};
