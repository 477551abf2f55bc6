// One piece of the collection as a card: artwork, name, creator, the current bid and bid count, and the
// live countdown while open (or what it sold for). The whole card opens the detail.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Nft } from '@tradewind/contract';
import { currentLocale } from '../../i18n/i18n.ts';
import { Amount } from '../../ui/wallet/parts.tsx';
import { Countdown } from './Countdown.tsx';

export function NftCard({ item, now }: { item: Nft; now: number }) {
  const { t } = useTranslation('nft');
  const open = item.status === 'open';
  return (
    <li className="nft-card card" data-testid="nft-card" data-nft={item.id}>
      <Link to={`/nfts/${item.id}`} className="nft-card-link">
        <img className="nft-card-art" src={item.image} alt="" loading="lazy" width={320} height={320} />
        <span className="nft-card-body">
          <span className="nft-card-name" dir="auto">
            {item.name}
          </span>
          <span className="muted small">{t('card.by', { creator: item.creator })}</span>
          <span className="nft-card-row">
            <span className="muted small">
              {open
                ? item.bidCount > 0
                  ? t('card.currentBid')
                  : t('card.startPrice')
                : item.status === 'sold'
                  ? t('card.soldFor')
                  : t('card.unsold')}
            </span>
            {item.status !== 'unsold' && (
              <span data-testid="nft-card-bid">
                <Amount value={item.currentBid} />
              </span>
            )}
          </span>
          <span className="nft-card-row">
            <span className="muted small">
              {t('card.bids', { n: new Intl.NumberFormat(currentLocale()).format(item.bidCount) })}
            </span>
            {open && <Countdown endAt={item.endAt} now={now} extended={item.extended} />}
          </span>
        </span>
      </Link>
    </li>
  );
}
