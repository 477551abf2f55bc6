// The trading side of the currency page: the trade panel (direction, lots, leverage, term, TP/SL, confirm
// step) and the customer's open positions on this instrument. Shown only when the server runs contracts.
import { useTranslation } from 'react-i18next';
import type { MarketInfo } from '@tradewind/contract';
import { useAvailability } from '../../api/features.ts';
import { useSession } from '../../app/session.ts';
import { OpenPositions } from './Positions.tsx';
import { TradePanel } from './TradePanel.tsx';
import '../../ui/wallet/wallet.css';
import './trade.css';

export type TradeSideProps = { info: MarketInfo };

export function TradeSide({ info }: TradeSideProps) {
  const { t } = useTranslation('trade');
  const { user } = useSession();
  // Until the server runs contracts the page keeps its read-only terms card (DESIGN.md §1.8).
  if (useAvailability('orders') !== 'available') return null;
  return (
    <div className="trade-side">
      <TradePanel key={info.code} info={info} />
      {user && (
        <section className="card" aria-labelledby="positions-here" data-testid="positions-here">
          <h2 id="positions-here" className="card-title">
            {t('positions.hereTitle', { name: info.appName })}
          </h2>
          <OpenPositions code={info.code} />
        </section>
      )}
    </div>
  );
}
