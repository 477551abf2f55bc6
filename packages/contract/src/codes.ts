// The error and message catalogue (spec.md §8 plus Tradewind's 101xx additions), shared by server and apps.
// Each code's text lives in packages/i18n; its HTTP status class lives here (CONTRACT.md "Envelope").

export const codes = {
  ok: '200',
  unauthenticated: '401',
  unknown: '500',
  paramsEmpty: '10000',
  enterUserNameOrEmail: '10001',
  emailInvalid: '10002',
  userNameInvalid: '10003',
  passwordInvalid: '10004',
  userStatusAbnormal: '10005',
  userNameTaken: '10006',
  phoneTaken: '10007',
  userStatusIncorrect: '10008',
  userNotFound: '10009',
  smartProductIncorrect: '10010',
  insufficientBalance: '10011',
  daysNotFound: '10012',
  investmentAmountWrong: '10013',
  optionsProductWrong: '10014',
  notTradableHours: '10015',
  purchaseAmountWrong: '10016',
  termNotFound: '10017',
  paramsFetchFailed: '10018',
  authStatusWrong: '10019',
  collectionStatusWrong: '10020',
  addressMissing: '10021',
  kycRequired: '10022',
  loanTermWrong: '10023',
  alreadyBought: '10024',
  withdrawMethodRequired: '10025',
  codeAlreadySent: '10026',
  emailTaken: '10027',
  codeSent: '10028',
  codeSendFailed: '10029',
  phoneNotFound: '10030',
  userNameNotFound: '10031',
  passwordsDiffer: '10032',
  codeInvalidOrExpired: '10033',
  registered: '10034',
  googleLoginFailed: '10035',
  enterLoginPassword: '10036',
  codeWrong: '10091',
  demoForbidden: '10101',
  demoSmartForbidden: '10102',
  switchToReal: '10103',
  tooManyRequests: '10104',
  tpSlUnreasonable: '10105',
  imageFormat: '10106',
  imageTooLarge: '10107',
  loanAgreementUnsigned: '10108',
  belowMinDeposit: '10109',
  idempotencyKeyReused: '10110',
  notFound: '10111',
  /** The terms the confirm step showed differ from those in force: nothing moved (DESIGN.md §1.7). */
  termsChanged: '10112',
  /** Back-office sign-in: TOTP is enrolled and the one-time code is missing or wrong (HTTP 401). */
  totpRequired: '10113',
  /** Back-office token of a staff member who must change the password or enrol TOTP: only /me/* (HTTP 403). */
  secureAccountFirst: '10114',
  /** Too many deposit claims waiting for review (the `deposit_pending_max` parameter). */
  depositsPendingMax: '10115',
  /** The feed has no price for the coin right now, so no rate can be locked. */
  depositRateUnavailable: '10116',
  withdrawalBelowMin: '10120',
  withdrawalsPendingMax: '10121',
  /** An adjustment above `adjustment_amount_max_superadmin`: refused for every admin. */
  adjustmentAboveMax: '10125',
  /** An adjustment above `adjustment_amount_max`: only a superadmin may approve it. */
  adjustmentNeedsSuperadmin: '10126',
  /** A bid on a charity auction that has ended (or is being settled). */
  auctionEnded: '10130',
  /** The artwork and texts of an auction are frozen once it has a bid. */
  nftHasBids: '10131',
  /** A payout to the charity above what the charity payable account holds. */
  payoutAboveBalance: '10132',
  /** A new auction's end time is not in the future. */
  auctionEndInvalid: '10133',
  /** Staff reply to a support conversation that is closed: reopen it first. */
  supportThreadClosed: '10138',
  /** Closing a closed support conversation, or reopening an open one. */
  supportStatusUnchanged: '10139',
  /** A wrong login password where the customer is already signed in (withdrawal confirmation). */
  passwordIncorrect: '10143',
  /** A new staff account with a user name another staff account has. */
  staffUserNameTaken: '10144',
  /** Disabling, resetting, re-roling or signing out one's own staff account (My account does that). */
  notOnYourself: '10145',
  /** A TOTP confirm without an enrolment started (POST /admin/api/me/totp/enrol first). */
  totpNotStarted: '10146',
  /** A staff password change to the same password. */
  passwordUnchanged: '10147',
  /** A content item without its English title and body: English is what every missing language falls back to. */
  contentEnglishRequired: '10152',
  /** A content save on top of a revision the editor did not read: another operator saved meanwhile. */
  contentChangedMeanwhile: '10153',
  /** A reorder that does not name exactly the items of its type (one was added or removed meanwhile). */
  contentOrderStale: '10154',
  /** Disabling an instrument with open positions, without confirming they stay settleable. */
  instrumentHasOpenPositions: '10148',
  /** A new smart or loan product with a code another product already has. */
  productCodeTaken: '10149',
  /** The database is out of reach (restarting, connections cut): try again in a moment (issue 15). */
  serviceUnavailable: '10157',
  /** Real trading on an instrument whose prices are simulated: practise in the demo book (DESIGN §1.10). */
  livePriceRequired: '10160',
  /** A live source gone quiet longer than `price_stale_after_s`: real money waits until prices are back. */
  pricesDelayed: '10161',
  /** A bid while the operator has not named the charity: a bidder must see whom the winning bid goes to. */
  charityNotNamed: '10170',
  /**
   * While a customer owes on a loan, a plan or a bid is paid from their own funds only: the cash left after it
   * must still cover the loan principal outstanding (DESIGN §1.11: borrowed money does not buy yield).
   */
  ownFundsRequired: '10171',
  /** An overdue loan: no withdrawal, real-book contract, plan or bid until it is repaid. */
  loanOverdue: '10172',
  /** A loan application above `loan_limit_per_customer`. */
  loanAboveLimit: '10173',
  /** Back office: a plan or loan rate that would let a customer fund a plan with a loan at a profit (§1.11). */
  ratesArbitrage: '10174',
  /** Back office: TOTP enrolment while the password is still the generated one: change it first. */
  changePasswordFirst: '10178',
  /** Back office: replacing an enrolled authenticator without the password and a current code (or a recovery code). */
  totpReplaceProofRequired: '10179',
  /** A new-device e-mail's sign-out link already used, or of a session that has ended anyway. */
  signOutLinkInvalid: '10175',
  /** A payout method still in its cool-down after it was added (`withdraw_method_cooldown_h`): usable from {time}. */
  payoutMethodCoolingDown: '10163',
  /** Withdrawals paused after a password change or reset or a two-factor reset, for the same cool-down. */
  withdrawalsPaused: '10177',
  /** A customer's second factor that is wrong or already used (a TOTP code accepted before, a spent recovery code). */
  secondFactorInvalid: '10165',
  /** Enrolling TOTP while it is on: turn it off first (password and a code), so a session alone cannot replace it. */
  totpAlreadyEnabled: '10166',
  /** Turning off TOTP the customer has not turned on, or confirming one not started. */
  totpNotEnabled: '10167',
  /** A passkey answer that does not verify: unknown credential, a challenge not issued, expired or used, a bad signature or counter. */
  passkeyInvalid: '10168',
  /** Registering a passkey this or another account already holds. */
  passkeyAlreadyRegistered: '10169',
  /** A new password the policy refuses (too short, too common, or holding the user name or e-mail): the reason at `password`. */
  passwordWeak: '10164',
  /** Too many tries at a signed-in customer's password (change password, withdrawal, payout method): wait {minutes}. */
  tooManyPasswordTries: '10180',
  submitted: '20001',
  rechargeSubmitted: '20002',
  withdrawalSubmitted: '20003',
  purchased: '20004',
  done: '20005',
  withdrawInsufficient: '20006',
} as const;

export type Code = (typeof codes)[keyof typeof codes];
export const allCodes: readonly Code[] = Object.values(codes);

/** HTTP status for each failure code; success codes answer 200. */
export const httpStatusOf: Record<Code, number> = {
  '200': 200,
  '401': 401,
  '500': 500,
  '10000': 400,
  '10001': 400,
  '10002': 400,
  '10003': 400,
  '10004': 400,
  '10005': 403,
  '10006': 409,
  '10007': 409,
  '10008': 403,
  '10009': 404,
  '10010': 404,
  '10011': 422,
  '10012': 404,
  '10013': 422,
  '10014': 404,
  '10015': 422,
  '10016': 422,
  '10017': 404,
  '10018': 500,
  '10019': 403,
  '10020': 422,
  '10021': 400,
  '10022': 403,
  '10023': 422,
  '10024': 409,
  '10025': 400,
  '10026': 429,
  '10027': 409,
  '10028': 200,
  '10029': 500,
  '10030': 404,
  '10031': 404,
  '10032': 400,
  '10033': 400,
  '10034': 200,
  '10035': 401,
  '10036': 400,
  '10091': 400,
  '10101': 403,
  '10102': 403,
  '10103': 403,
  '10104': 429,
  '10105': 400,
  '10106': 400,
  '10107': 413,
  '10108': 400,
  '10109': 422,
  '10110': 409,
  '10111': 404,
  '10112': 409,
  '10113': 401,
  '10114': 403,
  '10115': 422,
  '10116': 503,
  '10120': 422,
  '10121': 422,
  '10125': 422,
  '10126': 403,
  '10130': 422,
  '10131': 409,
  '10132': 422,
  '10133': 400,
  '10138': 409,
  '10139': 409,
  '10143': 400,
  '10144': 409,
  '10145': 400,
  '10146': 400,
  '10147': 400,
  '10152': 400,
  '10153': 409,
  '10154': 409,
  '10148': 409,
  '10149': 409,
  '10157': 503,
  '10160': 422,
  '10161': 503,
  '10170': 409,
  '10171': 422,
  '10172': 403,
  '10173': 422,
  '10174': 422,
  '10178': 403,
  '10179': 400,
  '10175': 404,
  // 409, not 403: the customer may withdraw and the request is well formed; it conflicts with the state
  // of the method or account, which changes by itself at the stated time, when the same request succeeds.
  '10163': 409,
  '10177': 409,
  '10165': 400,
  '10166': 409,
  '10167': 409,
  '10168': 400,
  '10169': 409,
  '10164': 400,
  '10180': 429,
  '20001': 200,
  '20002': 200,
  '20003': 200,
  '20004': 200,
  '20005': 200,
  '20006': 422,
};
