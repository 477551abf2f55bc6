// The bank test's model on its own: its rules, written out a second time, agree with the shared arithmetic
// the server applies (on seeded random inputs, so a disagreement found by the cluster test is a server
// fault, not the model's); the bid chain; the balance of its moves; the diff it prints.
import { describe, expect, it } from 'vitest';
import { roundHalfEven } from '@tradewind/contract/money';
import { contractTerms, parity, settledPnlMinor } from '@tradewind/contract/orders-math';
import { earlyExitPenaltyMinor, interestOfDayMinor } from '@tradewind/contract/smart-math';
import { withdrawalFeeMinor } from '../../wallet/withdraw-fee.ts';
import {
  BankModel,
  bidChain,
  contractOpening,
  contractPnl,
  diffBalances,
  halfEven,
  interestOfDay,
  redeemPenalty,
  usdt,
  withdrawalFee,
} from './bank-model.ts';
import { prng } from './seeded.ts';

const random = prng(15);
const big = (max: number) => BigInt(Math.floor(random() * max));

describe('the model’s rules', () => {
  it('round half to even as the server does, both signs', () => {
    expect([halfEven(5n, 2n), halfEven(7n, 2n), halfEven(-5n, 2n), halfEven(-7n, 2n)]).toEqual([
      2n,
      4n,
      -2n,
      -4n,
    ]);
    for (let i = 0; i < 2000; i++) {
      const n = big(2_000_000) - 1_000_000n;
      const d = big(1000) + 1n;
      expect(halfEven(n, d), `${n} / ${d}`).toBe(roundHalfEven(n, d));
    }
  });

  it('agree with the shared arithmetic on fees, margins, P&L, penalties and interest', () => {
    for (let i = 0; i < 500; i++) {
      const spec = { lots: big(1000) + 1n, contractSize: 10n ** big(3), priceScale: Number(big(5)) };
      const open = big(10_000_000) + 1n;
      const close = big(10_000_000) + 1n;
      const leverage = Number(big(10)) + 1;
      const feeRateBps = Number(big(50));
      const shared = { lotsMinor: spec.lots, contractSize: spec.contractSize, priceScale: spec.priceScale };
      const want = contractTerms(
        { ...shared, conversion: parity },
        { priceMinor: open, leverage, feeRateBps },
      );
      const got = contractOpening(spec, open, leverage, feeRateBps);
      expect(got).toEqual({ notional: want.notionalMinor, margin: want.marginMinor, fee: want.feeMinor });
      for (const direction of ['up', 'down'] as const)
        expect(contractPnl(spec, direction, open, close, got.margin)).toBe(
          settledPnlMinor({ ...shared, conversion: parity }, direction, open, close, got.margin),
        );

      const amount = big(100_000_000_000) + 1n;
      const ppm = big(20_000);
      expect(withdrawalFee(amount, ppm, 1_000_000n)).toBe(
        withdrawalFeeMinor(amount, Number(ppm), 1_000_000n),
      );
      const paid = big(1_000_000_000);
      const bps = big(10_000);
      expect(redeemPenalty(amount, paid, bps)).toBe(earlyExitPenaltyMinor(amount, paid, bps));
      const rate = big(1_000_000);
      const day = Number(big(365)) + 1;
      expect(interestOfDay(amount, rate, day)).toBe(interestOfDayMinor(amount, rate, day));
    }
  });
});

describe('a piece’s bids', () => {
  it('move each new leader’s bid to hold and the previous leader’s back; a raise moves the difference', () => {
    const model = new BankModel();
    for (const id of [1, 2]) model.depositApproved(id, 1_000n);
    const { leader, problems } = model.bidsTaken([
      { userId: 2, amount: 120n, bidCount: 2 },
      { userId: 1, amount: 100n, bidCount: 1 },
      { userId: 2, amount: 150n, bidCount: 3 },
    ]);
    expect(problems).toEqual([]);
    expect(leader).toEqual({ userId: 2, amount: 150n, bidCount: 3 });
    const of = (userId: number, purpose: 'cash' | 'bid_hold') =>
      model.balance({ userId, book: 'real', purpose });
    expect([of(1, 'cash'), of(1, 'bid_hold'), of(2, 'cash'), of(2, 'bid_hold')]).toEqual([
      1_000n,
      0n,
      850n,
      150n,
    ]);
    model.auctionSold(2, 150n);
    expect(model.balance({ platform: 'charity_payable', book: 'real' })).toBe(150n);
  });

  it('name a gap or a repeat in the counts: a bid taken that nobody was told of, or told twice', () => {
    const a = { userId: 1, amount: 1n, bidCount: 1 };
    expect(bidChain([a, { ...a, bidCount: 3 }]).problems).toEqual(['bid #2 answered as bid count 3']);
    expect(bidChain([a, a]).problems).toEqual(['bid #2 answered as bid count 1']);
  });
});

describe('the model', () => {
  it('keeps every book summing to zero and refuses an unbalanced move', () => {
    const model = new BankModel();
    model.signedUp(7);
    model.depositApproved(7, 5_000_000n);
    model.contractOpened(7, 'demo', 2_000_000n, 10_000n);
    model.contractClosed(7, 'demo', 2_000_000n, -2_000_000n);
    model.withdrawalPlaced(7, 3_000_000n);
    model.withdrawalDecided(7, 3_000_000n, 1_000_000n, true);
    model.planBought(7, 1_000_000n);
    model.planRedeemed(7, 1_000_000n, 50_000n);
    let total = 0n;
    for (const balance of model.balances.values()) total += balance;
    expect(total).toBe(0n);
    expect(model.balance({ userId: 7, book: 'real', purpose: 'cash' })).toBe(1_950_000n);
    expect(() => model.move('bad', [[{ userId: 7, book: 'real', purpose: 'cash' }, 1n]])).toThrow(
      'bad: the real lines sum to 1, not 0',
    );
  });

  it('prints a disagreement per account, readable', () => {
    const diff = diffBalances(
      new Map([
        ['u:1:real:cash', 1_500_000n],
        ['p:real:fee_income', 10n],
      ]),
      new Map([
        ['u:1:real:cash', 1_000_000n],
        ['p:real:fee_income', 10n],
        ['u:2:real:cash', 1n],
      ]),
    );
    expect(diff).toEqual([
      'u:1:real:cash: model 1.5, ledger 1 (ledger − model -0.5)',
      'u:2:real:cash: model 0, ledger 0.000001 (ledger − model 0.000001)',
    ]);
    expect(usdt(-1_234_500n)).toBe('-1.2345');
  });
});
