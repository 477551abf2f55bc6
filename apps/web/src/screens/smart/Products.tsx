// The smart products, public: a card each with its calculator; loading, empty and error (retry) states.
import { useTranslation } from 'react-i18next';
import { useSmartProducts } from '../../api/smart.ts';
import { EmptyState, ErrorNote, Spinner } from '../../ui/kit.tsx';
import { ProductCard } from './ProductCard.tsx';
import '../trade/trade.css';
import './smart.css';

export function Products() {
  const { t } = useTranslation();
  const products = useSmartProducts();
  if (products.isPending) return <Spinner />;
  if (products.isError && !products.data)
    return (
      <div className="card smart-failed" data-testid="products-error">
        <ErrorNote message={t('trading.productsError')} />
        <button type="button" className="btn btn-secondary btn-small" onClick={() => void products.refetch()}>
          {t('trading.retry')}
        </button>
      </div>
    );
  if (products.data.length === 0)
    return (
      <div className="card">
        <EmptyState title={t('trading.noProductsTitle')} text={t('trading.noProductsText')} />
      </div>
    );
  return (
    <div className="smart-grid" aria-label={t('trading.productsTitle')}>
      {products.data.map((product) => (
        <ProductCard key={product.id} product={product} />
      ))}
    </div>
  );
}
