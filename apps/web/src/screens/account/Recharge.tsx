// Deposit (spec.md §1, DESIGN.md §5): choose a coin and network, send to the shown address, then claim it
// with the amount, transaction hash and a proof screenshot. Nothing is credited until finance approves.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DepositChannel } from '@tradewind/contract';
import { useDepositChannels } from '../../api/wallet.ts';
import { RequireLogin } from '../../layout/RequireLogin.tsx';
import { currentLocale } from '../../i18n/i18n.ts';
import { Card, EmptyState, ErrorNote, Page, Spinner } from '../../ui/kit.tsx';
import { coinScales } from '../../ui/wallet/decimal.ts';
import { formatMoney } from '@tradewind/contract/money-format';
import { CopyButton, useQrDataUrl } from '../../ui/wallet/parts.tsx';
import '../../ui/wallet/wallet.css';
import { DepositList } from './lists.tsx';
import { RealOnly } from './RealOnly.tsx';
import { channelName, RechargeForm } from './RechargeForm.tsx';
import { RateFacts } from './RechargeRate.tsx';

function ChannelPicker({
  channels,
  selected,
  onSelect,
}: {
  channels: readonly DepositChannel[];
  selected: DepositChannel;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation('wallet');
  return (
    <div className="choices" role="radiogroup" aria-label={t('recharge.channel')}>
      {channels.map((channel) => {
        const on = channel.id === selected.id;
        return (
          <button
            key={channel.id}
            type="button"
            role="radio"
            aria-checked={on}
            className={on ? 'choice choice-on' : 'choice'}
            onClick={() => onSelect(channel.id)}
          >
            <span className="choice-title">{channel.asset}</span>
            <span className="muted small">{channel.network}</span>
          </button>
        );
      })}
    </div>
  );
}

function AddressPanel({ channel }: { channel: DepositChannel }) {
  const { t } = useTranslation('wallet');
  const qr = useQrDataUrl(channel.address);
  const locale = currentLocale();
  const scale = coinScales[channel.asset];
  return (
    <div className="address-panel">
      <div className="qr-box">
        {qr ? (
          <img
            className="qr"
            src={qr}
            alt={t('recharge.qrAlt', { name: channelName(channel) })}
            width={160}
            height={160}
          />
        ) : (
          <span className="skeleton qr-placeholder" aria-hidden="true" />
        )}
      </div>
      <div className="w-stack">
        <div className="copy-row">
          <span className="muted small">{t('recharge.address', { name: channelName(channel) })}</span>
          <code className="copy-value" data-testid="deposit-address">
            {channel.address}
          </code>
          <CopyButton value={channel.address} label={t('recharge.copyAddress')} />
        </div>
        <p className="note note-warn">
          {t('recharge.networkWarning', { asset: channel.asset, network: channel.network })}
        </p>
        <dl className="facts">
          <RateFacts channel={channel} />
          <div className="fact">
            <dt>{t('recharge.minimum')}</dt>
            <dd>
              <bdi>
                {formatMoney(channel.minAmount, locale, 'exact', { scale })} {channel.asset}
              </bdi>
            </dd>
          </div>
        </dl>
      </div>
    </div>
  );
}

function Channels() {
  const { t } = useTranslation('wallet');
  const channels = useDepositChannels();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  if (channels.isPending) return <Spinner />;
  if (channels.isError) return <ErrorNote message={channels.error.message} />;
  const list = channels.data;
  const selected = list.find((c) => c.id === selectedId) ?? list[0];
  // No channel is open until the back office has set real receiving addresses: say so plainly, with no
  // address and no form, so nobody sends coins anywhere in the meantime.
  if (!selected) {
    return (
      <Card>
        <div data-testid="deposits-not-open">
          <EmptyState title={t('recharge.notOpenTitle')} text={t('recharge.notOpenText')} />
        </div>
      </Card>
    );
  }
  return (
    <>
      <Card title={t('recharge.step1')}>
        <ChannelPicker channels={list} selected={selected} onSelect={setSelectedId} />
      </Card>
      <Card title={t('recharge.step2')}>
        <AddressPanel channel={selected} />
      </Card>
      <Card title={t('recharge.step3')}>
        {/* A new channel is a new claim: the form starts over. */}
        <RechargeForm key={selected.id} channel={selected} />
      </Card>
    </>
  );
}

export default function Recharge() {
  const { t } = useTranslation('wallet');
  const { t: tw } = useTranslation();
  return (
    <Page title={tw('titles.recharge')} intro={t('recharge.intro')} narrow>
      <RequireLogin>
        <RealOnly>
          <Channels />
          <Card title={t('deposits.title')}>
            <DepositList />
          </Card>
        </RealOnly>
      </RequireLogin>
    </Page>
  );
}
