// Which book a confirm step moves money in, unmistakable: amber for the demo book, green for the real book.
// The real book reads the same in every product (contracts, smart plans, loans, NFT bids): one key.
import { useTranslation } from 'react-i18next';
import './book-banner.css';

export function BookBanner({
  isDemo,
  demoText,
  testId,
}: {
  isDemo: boolean;
  /** What the demo book means for this product (virtual money, or that it is not possible here). */
  demoText: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <p
      className={isDemo ? 'book-banner book-banner-demo' : 'book-banner book-banner-real'}
      data-testid={testId}
      data-book={isDemo ? 'demo' : 'real'}
    >
      {isDemo ? demoText : t('book.realBanner')}
    </p>
  );
}
