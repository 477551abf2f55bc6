// The confirm step of a contract (DESIGN.md §1.5, §1.7): before anything is sent it shows the book, the live
// open price, notional, margin, fee and fee rate, the maximum loss (margin plus fee), the take-profit and
// stop-loss levels, the profit at the take-profit after the fee, expiry, the slippage tolerance and what it
// is worth at this size, the counterparty and the risk warning, every figure from the shared arithmetic.
// "Confirm" sends back the price and fee rate on screen; 10112 (terms changed) leaves the step open with
// the new terms to confirm again; a refusal about one field of the ticket closes the step and is shown at
// that field (TradePanel); 10172 (an overdue loan stops real-book contracts) shows the server's reason with
// the way to My loans. Desktop: a dialog; phones: a bottom sheet.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { codes, type BuyOptionsBody, type MarketInfo, type OptionsContract } from '@tradewind/contract';
import { formatMinor } from '@tradewind/contract/money';
import type { ContractDirection } from '@tradewind/contract/orders-math';
import { ApiError, clientCodes } from '../../api/client.ts';
import { useBuyOptions, useMaxSlippagePct } from '../../api/orders.ts';
import { layout } from '../../app/device.ts';
import { useSession } from '../../app/session.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import { useLiveQuote } from '../../live/hooks.ts';
import { ErrorNote } from '../../ui/kit.tsx';
import { isLoanRefusal, RefusalNote } from '../../ui/LoanRefusal.tsx';
import {
  formatLeverage,
  formatMoment,
  formatPrice,
  formatQuantity,
  formatRate,
} from '../../ui/market/format.ts';
import { Price } from '../../ui/market/PriceCell.tsx';
import { toast } from '../../ui/toast.tsx';
import { newIdempotencyKey } from '../../ui/wallet/intent.ts';
import { formatMoney } from '@tradewind/contract/money-format';
import { Amount, Dialog } from '../../ui/wallet/parts.tsx';
import { BookBanner } from '../../ui/BookBanner.tsx';
import {
  confirmFigures,
  levelsFit,
  lotsText,
  priceMinorOf,
  refusesTicketField,
  slippageHundredthsOf,
  usdtText,
  type LevelCheck,
} from './ticket.ts';
import { useQuoteConversion } from './useConversion.ts';
import { wrongSideMessage } from './wrongSide.ts';

/** A percent as the parameter states it ("0.5" → "0.5%"), from the string, without a float. */
function formatPercent(value: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'percent', maximumFractionDigits: 2 }).format(
    value as Intl.StringNumericLiteral,
  );
}

export type Ticket = {
  direction: ContractDirection;
  lotsMinor: bigint;
  leverage: number;
  term: { id: string; seconds: number };
  takeProfit?: Extract<LevelCheck, { kind: 'ok' }> | undefined;
  stopLoss?: Extract<LevelCheck, { kind: 'ok' }> | undefined;
};

function Fact({
  label,
  children,
  testId,
  strong,
  amount,
}: {
  label: string;
  children: React.ReactNode;
  testId: string;
  strong?: boolean;
  /** The exact USDT amount shown (a wire decimal), for checks the display's rounding would blur. */
  amount?: bigint | undefined;
}) {
  return (
    <div className={strong ? 'fact fact-strong' : 'fact'}>
      <dt>{label}</dt>
      <dd data-testid={testId} data-amount={amount === undefined ? undefined : usdtText(amount)}>
        {children}
      </dd>
    </div>
  );
}

/** A sent request that got no answer: the same body goes again under the same key (nothing opens twice). */
type Unanswered = { body: BuyOptionsBody; key: string };

export function ConfirmStep({
  info,
  ticket,
  onClose,
  onDone,
  onRefused,
}: {
  info: MarketInfo;
  ticket: Ticket;
  onClose: () => void;
  /** Opened: the new contract, which the page brings into view. */
  onDone: (opened: OptionsContract) => void;
  /** A refusal about one field of the ticket: the panel shows it there. */
  onRefused: (error: ApiError) => void;
}) {
  const { t } = useTranslation('trade');
  const locale = currentLocale();
  const { isDemo } = useSession();
  const queryClient = useQueryClient();
  const live = useLiveQuote(info.code);
  const slippage = useMaxSlippagePct();
  const conversion = useQuoteConversion(info.quote);
  const buy = useBuyOptions();
  const [error, setError] = useState<string | null>(null);
  const [loanRefused, setLoanRefused] = useState(false);
  const [termsChanged, setTermsChanged] = useState(false);
  const [unanswered, setUnanswered] = useState<Unanswered | null>(null);

  const price = live?.price ?? info.nowPrice;
  const source = live?.source ?? info.source;
  const priceMinor = priceMinorOf(price, info.priceScale);
  const convert =
    conversion.kind === 'parity' || conversion.kind === 'pair' ? conversion.conversion : undefined;
  const hundredths = slippage.data !== undefined ? slippageHundredthsOf(slippage.data) : undefined;
  const figures =
    priceMinor !== undefined && convert
      ? confirmFigures(
          info,
          { ...ticket, priceMinor, takeProfitMinor: ticket.takeProfit?.minor, conversion: convert },
          hundredths,
        )
      : undefined;
  const fits =
    priceMinor !== undefined &&
    levelsFit(
      ticket.direction,
      priceMinor,
      ticket.takeProfit ?? { kind: 'empty' },
      ticket.stopLoss ?? { kind: 'empty' },
    );
  const approx = conversion.kind === 'pair' ? '≈ ' : '';
  // Levels with all the instrument's decimals, as the position card will show them.
  const levelText = (minor: bigint) =>
    formatPrice(formatMinor(minor, info.priceScale, info.priceScale), locale);
  const expiresAt = Date.now() + ticket.term.seconds * 1000;
  const directionName = t(ticket.direction === 'up' ? 'panel.up' : 'panel.down');
  const canConfirm = figures !== undefined && fits && !buy.isPending && info.tradable;

  const send = (attempt: Unanswered) => {
    setError(null);
    setLoanRefused(false);
    buy.mutate(
      { ...attempt.body, idempotencyKey: attempt.key },
      {
        onSuccess: ({ result }) => {
          setUnanswered(null);
          toast(t('confirm.opened', { name: info.appName, direction: directionName }), 'success');
          onDone(result);
        },
        onError: (failure) => {
          const noAnswer =
            failure instanceof ApiError &&
            (failure.code === clientCodes.network || failure.code === clientCodes.timeout);
          setUnanswered(noAnswer ? attempt : null);
          if (failure instanceof ApiError && failure.code === codes.termsChanged) {
            // Not a dead end: take the terms in force again and let the customer confirm them.
            setTermsChanged(true);
            void queryClient.invalidateQueries({ queryKey: ['marketInfo', info.code] });
            void slippage.refetch();
            return;
          }
          if (failure instanceof ApiError && refusesTicketField(failure)) return onRefused(failure);
          setLoanRefused(isLoanRefusal(failure));
          setError(failure.message);
        },
      },
    );
  };

  const confirm = () => {
    if (unanswered) return send(unanswered);
    if (!canConfirm || priceMinor === undefined) return;
    setTermsChanged(false);
    const body: BuyOptionsBody = {
      code: info.code,
      direction: ticket.direction,
      lots: lotsText(ticket.lotsMinor),
      leverage: ticket.leverage,
      termId: ticket.term.id,
      ...(ticket.takeProfit ? { takeProfit: ticket.takeProfit.text } : {}),
      ...(ticket.stopLoss ? { stopLoss: ticket.stopLoss.text } : {}),
      quotedPrice: formatMinor(priceMinor, info.priceScale),
      quotedFeeRate: info.feeRate,
      // Every other term the step discloses, bound by the hash of getMarketInfo it shows (10112 if changed).
      termsSha256: info.termsSha256,
    };
    send({ body, key: newIdempotencyKey() });
  };

  return (
    <Dialog
      open
      title={t('confirm.title')}
      onClose={onClose}
      className={layout === 'mobile' ? 'trade-sheet' : 'trade-dialog'}
    >
      <div className="trade-confirm" data-testid="trade-confirm">
        <BookBanner isDemo={isDemo} demoText={t('confirm.demoBook')} testId="confirm-book" />
        <p className="trade-confirm-line">
          {t('confirm.contract', {
            name: info.appName,
            direction: directionName,
            lots: formatQuantity(lotsText(ticket.lotsMinor), locale),
            leverage: formatLeverage(ticket.leverage, locale),
          })}
        </p>
        {termsChanged && (
          <p className="note note-warn" role="alert" data-testid="confirm-terms-changed">
            {t('confirm.termsChanged')}
          </p>
        )}
        <dl className="facts">
          <Fact label={t('confirm.openPrice')} testId="confirm-price">
            <Price
              value={price}
              source={source}
              status={live?.priceStatus ?? info.priceStatus}
              priceAt={live ? live.priceAt : info.priceAt}
              direction={live?.direction ?? 0}
              flashKey={live?.seq}
            />{' '}
            <span className="unit">{info.quote}</span>
          </Fact>
          <Fact label={t('confirm.notional')} testId="confirm-notional">
            {figures ? (
              <>
                {approx}
                <Amount value={usdtText(figures.notionalMinor)} context="exact" />
              </>
            ) : (
              '…'
            )}
          </Fact>
          <Fact label={t('confirm.margin')} testId="confirm-margin" amount={figures?.marginMinor} strong>
            {figures ? (
              <>
                {approx}
                <Amount value={usdtText(figures.marginMinor)} context="exact" />
              </>
            ) : (
              '…'
            )}
          </Fact>
          <Fact label={t('confirm.fee')} testId="confirm-fee" amount={figures?.feeMinor}>
            {figures ? (
              <>
                {approx}
                <Amount value={usdtText(figures.feeMinor)} context="exact" />
              </>
            ) : (
              '…'
            )}
          </Fact>
          <Fact label={t('confirm.feeRate')} testId="confirm-fee-rate">
            <bdi>{formatRate(info.feeRate, locale)}</bdi>
          </Fact>
          <Fact label={t('confirm.maxLoss')} testId="confirm-max-loss" amount={figures?.maxLossMinor}>
            {figures ? (
              <>
                {approx}
                <Amount value={usdtText(figures.maxLossMinor)} context="exact" />
              </>
            ) : (
              '…'
            )}
            <span className="muted small trade-fact-note">{t('confirm.maxLossNote')}</span>
          </Fact>
          <Fact label={t('confirm.takeProfit')} testId="confirm-take-profit">
            {ticket.takeProfit ? (
              <bdi className="num">{levelText(ticket.takeProfit.minor)}</bdi>
            ) : (
              <span className="muted">{t('confirm.noTakeProfit')}</span>
            )}
          </Fact>
          {ticket.takeProfit && (
            <Fact label={t('confirm.expectedProfit')} testId="confirm-profit">
              {figures?.netProfitAtTakeProfitMinor !== undefined &&
              figures.profitAtTakeProfitMinor !== undefined ? (
                <>
                  {approx}
                  <Amount value={usdtText(figures.netProfitAtTakeProfitMinor)} context="pnl" />
                  <span className="muted small trade-fact-note" data-testid="confirm-profit-gross">
                    {t('confirm.beforeFee', {
                      gross: formatMoney(usdtText(figures.profitAtTakeProfitMinor), locale, 'pnl'),
                    })}
                  </span>
                </>
              ) : (
                '…'
              )}
            </Fact>
          )}
          {ticket.stopLoss && (
            <Fact label={t('confirm.stopLoss')} testId="confirm-stop-loss">
              <bdi className="num">{levelText(ticket.stopLoss.minor)}</bdi>
            </Fact>
          )}
          <Fact label={t('confirm.expiry')} testId="confirm-expiry">
            <time dateTime={new Date(expiresAt).toISOString()}>{formatMoment(expiresAt, locale)}</time>
          </Fact>
          <Fact label={t('confirm.closeOut')} testId="confirm-close-out">
            <bdi className="num">{formatPercent(info.closeOutLevelPct, locale)}</bdi>
            <span className="muted small trade-fact-note">{t('confirm.closeOutNote')}</span>
          </Fact>
          <Fact label={t('confirm.slippage')} testId="confirm-slippage">
            {slippage.data !== undefined ? (
              <>
                <bdi className="num">{formatPercent(slippage.data, locale)}</bdi>
                {figures?.slippageValueMinor !== undefined && (
                  <span className="muted small trade-fact-note" data-testid="confirm-slippage-value">
                    {approx}
                    {t('confirm.slippageValue', {
                      amount: formatMoney(usdtText(figures.slippageValueMinor), locale),
                    })}
                  </span>
                )}
              </>
            ) : (
              '…'
            )}
          </Fact>
        </dl>
        {slippage.data !== undefined && (
          <p className="muted small">
            {t('confirm.slippageNote', { pct: formatPercent(slippage.data, locale) })}
          </p>
        )}
        {conversion.kind === 'pair' && (
          <p className="muted small" data-testid="confirm-conversion">
            {t('confirm.conversion', {
              quote: info.quote,
              pair: conversion.appName,
              price: formatPrice(conversion.price, locale),
            })}
          </p>
        )}
        <p className="muted small" data-testid="confirm-counterparty">
          {t('confirm.counterparty')}
        </p>
        {!fits && priceMinor !== undefined && (
          <ErrorNote message={wrongSideMessage(t, ticket.direction, price, locale)} />
        )}
        {error && <RefusalNote message={error} byLoan={loanRefused} testId="trade-loan-refused" />}
        <p className="note note-warn">{t('panel.risk')}</p>
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('confirm.cancel')}
          </button>
          <button
            type="button"
            className={`btn ${ticket.direction === 'up' ? 'btn-up' : 'btn-down'}`}
            disabled={!canConfirm && !unanswered}
            onClick={confirm}
            data-testid="confirm-submit"
          >
            {buy.isPending ? '…' : t('confirm.confirm')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
