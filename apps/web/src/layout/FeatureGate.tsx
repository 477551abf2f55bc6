// A product's screen body, or "not available yet" while the server does not run the product (api/features.ts).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@tradewind/contract';
import { useAvailability } from '../api/features.ts';
import { EmptyState, Spinner } from '../ui/kit.tsx';

/** Shows `children` when any of `products` is available. */
export function FeatureGate({ products, children }: { products: Product[]; children: ReactNode }) {
  const { t } = useTranslation();
  const availability = useAvailability(...products);
  if (availability === 'pending') return <Spinner />;
  if (availability === 'available') return <>{children}</>;
  return (
    <div className="card" data-testid="not-available">
      <EmptyState title={t('features.notAvailableTitle')} text={t('features.notAvailableText')} />
    </div>
  );
}
