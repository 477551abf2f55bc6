// The deposit rate as the customer sees it (DESIGN.md §1.3, §1.7): before a claim, the indicative rate from
// the feed's last price less the channel's disclosed spread; after it, the rate locked from a named tick.
// Prices go through `Price`, which labels a simulated one itself.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Deposit, DepositChannel, Tick } from '@tradewind/contract';
import { formatMinor } from '@tradewind/contract/money';
import { formatDateTime } from '../../i18n/format.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import { Price, PriceText, statusOfSource } from '../../ui/market/PriceCell.tsx';
import { coinScales } from '../../ui/wallet/decimal.ts';
import { formatRate } from '../../ui/wallet/format.ts';
import { Amount } from '../../ui/wallet/parts.tsx';

/** 150 bps → "1.5%", exactly (bps are ten-thousandths). */
const spreadText = (bps: number) => formatRate(formatMinor(BigInt(bps), 4), currentLocale());

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="fact" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** "1 BTC = 66,012.34 USDT", labelled after "USDT" when the price behind it is simulated. */
function RateText({ asset, rate, source }: { asset: string; rate: string; source: Tick['source'] }) {
  return (
    <PriceText source={source} status={statusOfSource(source)}>
      <bdi>
        1 {asset} = <Price value={rate} source={source} status={statusOfSource(source)} /> USDT
      </bdi>
    </PriceText>
  );
}

/** The rate facts of a channel, shown beside its address before anything is sent. */
export function RateFacts({ channel }: { channel: DepositChannel }) {
  const { t } = useTranslation('wallet');
  if (channel.asset === 'USDT') {
    return <Fact label={t('recharge.rate')}>{t('recharge.oneToOne')}</Fact>;
  }
  // Not priced live (simulated, or its live source gone quiet): no rate, and no claim until it is.
  if (channel.paused) {
    return (
      <Fact label={t('recharge.rate')} testId="rate-paused">
        <strong>{t('recharge.paused', { asset: channel.asset })}</strong>
        <span className="muted small fact-note">{t('recharge.pausedNote', { asset: channel.asset })}</span>
      </Fact>
    );
  }
  const { rate, indicative } = channel;
  if (rate === null || indicative === null) {
    return <Fact label={t('recharge.rate')}>{t('recharge.rateUnavailable')}</Fact>;
  }
  return (
    <>
      <Fact label={t('recharge.indicativeRate')} testId="indicative-rate">
        <RateText asset={channel.asset} rate={rate} source={indicative.source} />
        <span className="muted small fact-note">{t('recharge.rateNote')}</span>
      </Fact>
      <Fact label={t('recharge.marketPrice', { code: indicative.code })}>
        <Price
          value={indicative.price}
          source={indicative.source}
          status={statusOfSource(indicative.source)}
        />
      </Fact>
      <Fact label={t('recharge.spread')}>
        <bdi className="num">{spreadText(channel.spreadBps)}</bdi>
      </Fact>
    </>
  );
}

/** What a claim locked: its rate, the tick it came from (with its time and source) and the spread. */
export function LockedRate({ deposit, tick }: { deposit: Deposit; tick: Tick | null }) {
  const { t } = useTranslation('wallet');
  const locale = currentLocale();
  return (
    <dl className="facts" data-testid="claim-result">
      <Fact label={t('recharge.lockedRate')}>
        {tick ? (
          <RateText asset={deposit.asset} rate={deposit.rate} source={tick.source} />
        ) : (
          t('recharge.oneToOne')
        )}
      </Fact>
      {tick && (
        <>
          <Fact label={t('recharge.priceUsed')} testId="claim-tick">
            <Price value={tick.price} source={tick.source} status={statusOfSource(tick.source)} />
            <span className="muted small fact-note">
              {t('recharge.tickRef', {
                code: tick.code,
                time: formatDateTime(tick.at, locale),
                id: tick.id,
              })}
            </span>
          </Fact>
          <Fact label={t('recharge.spread')}>
            <bdi className="num">{spreadText(deposit.spreadBps)}</bdi>
          </Fact>
        </>
      )}
      <Fact label={t('recharge.coinToSend')}>
        <Amount
          value={deposit.payAmount}
          asset={deposit.asset}
          context="exact"
          scale={coinScales[deposit.asset]}
        />
      </Fact>
      <Fact label={t('recharge.credited')}>
        <Amount value={deposit.amount} context="exact" />
      </Fact>
    </dl>
  );
}
