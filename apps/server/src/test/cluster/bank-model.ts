// The bank test's model (issue 15, test/cluster/bank.cluster.ts): what every customer account and every
// platform account should hold, in USDT minor units (bigint), moved only by what the test was told — the
// acknowledged answers of its calls, and what the leader settled as the final rows record it — and by the
// business rules written out here a second time. The rules are deliberately not imported from the server
// or @tradewind/contract: a rule the server gets wrong must not agree with itself.
//
// Every move is a balanced set of lines, as in the ledger: customer accounts hold what the customer owns
// (≥ 0), platform accounts the other side (clearing, fee income, trading P&L, … usually negative or
// positive as the flows go), and per book the model's accounts sum to zero after every move.

export type Book = 'demo' | 'real';
export type CustomerPurpose = 'cash' | 'margin' | 'plan_principal' | 'withdrawal_hold' | 'bid_hold';
export type Account =
  { userId: number; book: Book; purpose: CustomerPurpose } | { platform: string; book: Book };

/** The key the model and the ledger snapshot share: `u:<user>:<book>:<purpose>` or `p:<book>:<purpose>`. */
export const accountKey = (a: Account): string =>
  'userId' in a ? `u:${a.userId}:${a.book}:${a.purpose}` : `p:${a.book}:${a.platform}`;

// ---- The rules, at the precision the product states them ------------------------------------------------

const usdtUnit = 1_000_000n;

/** n ÷ d rounded to the nearest integer, ties to the even one (d > 0). */
export function halfEven(n: bigint, d: bigint): bigint {
  if (d <= 0n) throw new RangeError('a positive divisor');
  const negative = n < 0n;
  const m = negative ? -n : n;
  let q = m / d;
  const twiceRest = (m % d) * 2n;
  if (twiceRest > d || (twiceRest === d && q % 2n === 1n)) q += 1n;
  return negative ? -q : q;
}

/** Withdrawal fee: the amount × rate (parts per million), half-even, never below the minimum fee. */
export function withdrawalFee(amount: bigint, ratePpm: bigint, minFee: bigint): bigint {
  const fee = halfEven(amount * ratePpm, 1_000_000n);
  return fee > minFee ? fee : minFee;
}

/** A USDT-settled contract: lots in hundredths, prices at the instrument's price scale. */
export type ContractSpec = { lots: bigint; contractSize: bigint; priceScale: number };

/** lots × contract size × price, in USDT minor units, as an exact fraction n ÷ d. */
function positionValue(spec: ContractSpec, price: bigint): { n: bigint; d: bigint } {
  return {
    n: spec.lots * spec.contractSize * price * usdtUnit,
    d: 10n ** BigInt(2 + spec.priceScale),
  };
}

/** At open: margin = notional ÷ leverage, fee = notional × fee rate (basis points), each half-even. */
export function contractOpening(
  spec: ContractSpec,
  openPrice: bigint,
  leverage: number,
  feeRateBps: number,
): { notional: bigint; margin: bigint; fee: bigint } {
  const { n, d } = positionValue(spec, openPrice);
  return {
    notional: halfEven(n, d),
    margin: halfEven(n, d * BigInt(leverage)),
    fee: halfEven(n * BigInt(feeRateBps), d * 10_000n),
  };
}

/** At close: ±(close − open) on the position, half-even, never a loss beyond the margin. */
export function contractPnl(
  spec: ContractSpec,
  direction: 'up' | 'down',
  openPrice: bigint,
  closePrice: bigint,
  margin: bigint,
): bigint {
  const move = direction === 'up' ? closePrice - openPrice : openPrice - closePrice;
  const { n, d } = positionValue(spec, move);
  const pnl = halfEven(n, d);
  return pnl < -margin ? -margin : pnl;
}

/** Early exit of a plan: penalty % (basis points) of principal + interest paid, at most the principal. */
export function redeemPenalty(principal: bigint, interestPaid: bigint, penaltyBps: bigint): bigint {
  const penalty = halfEven((principal + interestPaid) * penaltyBps, 10_000n);
  return penalty > principal ? principal : penalty;
}

/** Day `day` of a plan: the interest through that day less through the day before (rate in 1e-8 a day). */
export function interestOfDay(principal: bigint, rateE8: bigint, day: number): bigint {
  const through = (d: number) => halfEven(principal * rateE8 * BigInt(d), 100_000_000n);
  return through(day) - through(day - 1);
}

// ---- Bids: the chain of one piece -----------------------------------------------------------------------

/** An acknowledged bid: who, how much, and the piece's bid count its answer reported (its place in line). */
export type AckedBid = { userId: number; amount: bigint; bidCount: number };

/**
 * The moves of one piece's acknowledged bids taken in the order the piece took them (the bid count each
 * answer reported): a new leader's bid goes from cash to bid hold and the previous leader's hold back to
 * their cash; a leader raising their own bid moves only the difference. The counts must run 1, 2, … with
 * no gap or repeat: a gap is a bid the piece took that nobody was told of, a repeat one told twice.
 */
export function bidChain(bids: readonly AckedBid[]): {
  moves: Array<Array<[Account, bigint]>>;
  leader: AckedBid | undefined;
  problems: string[];
} {
  const sorted = [...bids].sort((a, b) => a.bidCount - b.bidCount);
  const problems: string[] = [];
  const moves: Array<Array<[Account, bigint]>> = [];
  let leader: AckedBid | undefined;
  sorted.forEach((bid, i) => {
    if (bid.bidCount !== i + 1) problems.push(`bid #${i + 1} answered as bid count ${bid.bidCount}`);
    const cash = { userId: bid.userId, book: 'real', purpose: 'cash' } as const;
    const hold = { ...cash, purpose: 'bid_hold' } as const;
    if (leader?.userId === bid.userId) {
      const more = bid.amount - leader.amount;
      moves.push([
        [cash, -more],
        [hold, more],
      ]);
    } else {
      const move: Array<[Account, bigint]> = [
        [cash, -bid.amount],
        [hold, bid.amount],
      ];
      if (leader) {
        const previous = { userId: leader.userId, book: 'real', purpose: 'cash' } as const;
        move.push([{ ...previous, purpose: 'bid_hold' }, -leader.amount], [previous, leader.amount]);
      }
      moves.push(move);
    }
    leader = bid;
  });
  return { moves, leader, problems };
}

// ---- The model -----------------------------------------------------------------------------------------

const customer = (userId: number, book: Book, purpose: CustomerPurpose): Account => ({
  userId,
  book,
  purpose,
});
const platform = (book: Book, name: string): Account => ({ platform: name, book });

export class BankModel {
  readonly balances = new Map<string, bigint>();
  /** Moves applied, by kind, for the report. */
  readonly moves = new Map<string, number>();

  /** Starts from balances already in the ledger (the platform's, before the test's customers exist). */
  constructor(start: Iterable<[string, bigint]> = []) {
    for (const [key, balance] of start) this.balances.set(key, balance);
  }

  balance(a: Account): bigint {
    return this.balances.get(accountKey(a)) ?? 0n;
  }

  /** One balanced move (per book); a customer account left below zero is the model's own contradiction. */
  move(kind: string, lines: ReadonlyArray<readonly [Account, bigint]>): void {
    const perBook = new Map<Book, bigint>();
    for (const [a, amount] of lines) perBook.set(a.book, (perBook.get(a.book) ?? 0n) + amount);
    for (const [book, total] of perBook)
      if (total !== 0n) throw new Error(`${kind}: the ${book} lines sum to ${total}, not 0`);
    for (const [a, amount] of lines) {
      if (amount === 0n) continue;
      const key = accountKey(a);
      this.balances.set(key, (this.balances.get(key) ?? 0n) + amount);
    }
    this.moves.set(kind, (this.moves.get(kind) ?? 0) + 1);
  }

  /** A new customer's demo book: 100,000 USDT from the demo mint. */
  signedUp(userId: number): void {
    const start = 100_000n * usdtUnit;
    this.move('sign-up', [
      [customer(userId, 'demo', 'cash'), start],
      [platform('demo', 'demo_mint'), -start],
    ]);
  }

  depositApproved(userId: number, amount: bigint): void {
    this.move('deposit', [
      [customer(userId, 'real', 'cash'), amount],
      [platform('real', 'deposits_clearing'), -amount],
    ]);
  }

  withdrawalPlaced(userId: number, amount: bigint): void {
    this.move('withdrawal hold', [
      [customer(userId, 'real', 'cash'), -amount],
      [customer(userId, 'real', 'withdrawal_hold'), amount],
    ]);
  }

  /** Approved: the net amount leaves through clearing, the fee is income; rejected: back to cash. */
  withdrawalDecided(userId: number, amount: bigint, fee: bigint, approved: boolean): void {
    const hold = customer(userId, 'real', 'withdrawal_hold');
    if (!approved) {
      this.move('withdrawal release', [
        [hold, -amount],
        [customer(userId, 'real', 'cash'), amount],
      ]);
      return;
    }
    this.move('withdrawal payout', [
      [hold, -amount],
      [platform('real', 'withdrawals_clearing'), amount - fee],
      [platform('real', 'fee_income'), fee],
    ]);
  }

  contractOpened(userId: number, book: Book, margin: bigint, fee: bigint): void {
    this.move('contract open', [
      [customer(userId, book, 'cash'), -(margin + fee)],
      [customer(userId, book, 'margin'), margin],
      [platform(book, 'fee_income'), fee],
    ]);
  }

  contractClosed(userId: number, book: Book, margin: bigint, pnl: bigint): void {
    this.move('contract close', [
      [customer(userId, book, 'margin'), -margin],
      [customer(userId, book, 'cash'), margin + pnl],
      [platform(book, 'trading_pnl'), -pnl],
    ]);
  }

  planBought(userId: number, amount: bigint): void {
    this.move('plan buy', [
      [customer(userId, 'real', 'cash'), -amount],
      [customer(userId, 'real', 'plan_principal'), amount],
    ]);
  }

  planRedeemed(userId: number, amount: bigint, penalty: bigint): void {
    this.move('plan redeem', [
      [customer(userId, 'real', 'plan_principal'), -amount],
      [customer(userId, 'real', 'cash'), amount - penalty],
      [platform('real', 'fee_income'), penalty],
    ]);
  }

  interestPaid(userId: number, amount: bigint): void {
    this.move('plan interest', [
      [platform('real', 'yield_expense'), -amount],
      [customer(userId, 'real', 'cash'), amount],
    ]);
  }

  planMatured(userId: number, amount: bigint): void {
    this.move('plan maturity', [
      [customer(userId, 'real', 'plan_principal'), -amount],
      [customer(userId, 'real', 'cash'), amount],
    ]);
  }

  /** Applies a piece's acknowledged bids (see bidChain); answers the leader and what was wrong with them. */
  bidsTaken(bids: readonly AckedBid[]): { leader: AckedBid | undefined; problems: string[] } {
    const chain = bidChain(bids);
    for (const move of chain.moves) this.move('bid', move);
    return { leader: chain.leader, problems: chain.problems };
  }

  auctionSold(winner: number, amount: bigint): void {
    this.move('auction sold', [
      [customer(winner, 'real', 'bid_hold'), -amount],
      [platform('real', 'charity_payable'), amount],
    ]);
  }
}

/** USDT minor units as a signed decimal ("-12.5"), for a readable diff. */
export function usdt(minor: bigint): string {
  const negative = minor < 0n;
  const m = negative ? -minor : minor;
  const whole = m / usdtUnit;
  const frac = (m % usdtUnit).toString().padStart(6, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/**
 * The accounts where the model and the ledger disagree, one readable line each (`key: model … ledger …`),
 * over every key either side has; a key absent from a side holds 0 there.
 */
export function diffBalances(
  model: ReadonlyMap<string, bigint>,
  ledger: ReadonlyMap<string, bigint>,
): string[] {
  const keys = [...new Set([...model.keys(), ...ledger.keys()])].sort();
  const lines: string[] = [];
  for (const key of keys) {
    const want = model.get(key) ?? 0n;
    const got = ledger.get(key) ?? 0n;
    if (want !== got)
      lines.push(`${key}: model ${usdt(want)}, ledger ${usdt(got)} (ledger − model ${usdt(got - want)})`);
  }
  return lines;
}
