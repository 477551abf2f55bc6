// Loans (spec.md §1, issue 10): the products, their terms and the calculator for everyone; borrowing for a
// logged-in customer on the real book with a verified identity, after reading and signing the agreement;
// and "My loans". Real book only (10103), KYC first (10022). The screen's code loads with its route only.
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { kycStatuses } from '@tradewind/contract';
import type { ApiError } from '../api/client.ts';
import { useParam } from '../api/content.ts';
import { useLoanProducts, useLoans } from '../api/loans.ts';
import { useUserInfo } from '../api/user.ts';
import { useFreshUserInfo } from '../api/wallet.ts';
import { useSession } from '../app/session.ts';
import { FeatureGate } from '../layout/FeatureGate.tsx';
import { useFieldErrors } from '../ui/fieldErrors.ts';
import { Card, EmptyState, ErrorNote, Page, Spinner } from '../ui/kit.tsx';
import '../ui/wallet/wallet.css';
import './loan/loan.css';
import { amountCodes, DemoBlocked, KycGate, LoginToBorrow, SigningStep, type Terms } from './loan/Apply.tsx';
import { AmountField, LoanFigures, ProductCards } from './loan/Calculator.tsx';
import { checkAmount, type AmountCheck } from './loan/calc.ts';
import { MyLoans } from './loan/MyLoans.tsx';

const termFields = ['amount'] as const;

/** What stands between this customer and the "read and sign" step, if anything (the button submits). */
function Eligibility({ check }: { check: AmountCheck }) {
  const { t } = useTranslation('loans');
  const { user, isDemo } = useSession();
  const info = useUserInfo();
  const loans = useLoans(1);
  if (!user) return <LoginToBorrow />;
  if (isDemo) return <DemoBlocked />;
  const kyc = info.data?.kycStatus ?? user.kycStatus;
  if (kyc !== kycStatuses.verified) return <KycGate status={kyc} />;
  const open = loans.data?.list.find(
    (l) => l.status === 'pending' || l.status === 'repaying' || l.status === 'overdue',
  );
  if (open)
    return (
      <p className="note" data-testid="loan-open">
        {t('apply.openLoan')}
      </p>
    );
  return (
    <button
      type="submit"
      className="btn btn-primary btn-block"
      disabled={check.kind !== 'ok' || loans.isPending}
      data-testid="loan-read"
    >
      {t('apply.read')}
    </button>
  );
}

function Borrow() {
  const { t } = useTranslation('loans');
  const { user } = useSession();
  const info = useUserInfo();
  const products = useLoanProducts();
  // The most one customer may borrow (10173), checked as it is typed; until it is known, the server checks.
  const limit = useParam('loan_limit_per_customer').data;
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [signing, setSigning] = useState<Terms | null>(null);
  const queryClient = useQueryClient();
  const form = useFieldErrors(termFields, amountCodes);
  const { refused } = form;
  // The server refused the terms being signed (the product's bounds changed meanwhile, say): back to the
  // calculator with the reason at the amount, and the products as they are now.
  const onTermsRefused = useCallback(
    (error: ApiError) => {
      setSigning(null);
      refused(error);
      void queryClient.invalidateQueries({ queryKey: ['loanProducts'] });
    },
    [refused, queryClient],
  );
  // The calculator's "now" stands for the approval time; it is taken when the figures are drawn.
  const now = Date.now();

  if (products.isPending) return <Spinner />;
  if (products.isError) {
    return (
      <div className="note note-error with-action" role="alert">
        <span>{products.error.message}</span>
        <button type="button" className="btn btn-secondary btn-small" onClick={() => void products.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const list = products.data;
  if (list.length === 0) {
    return (
      <Card>
        <EmptyState title={t('products.emptyTitle')} text={t('products.emptyText')} />
      </Card>
    );
  }
  const product = list.find((p) => p.id === chosenId) ?? list[0];
  if (!product) return null;
  const check = checkAmount(product, amount, now, limit);
  const kyc = info.data?.kycStatus ?? user?.kycStatus ?? kycStatuses.none;
  const onSign = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check({}) || check.kind !== 'ok') return;
    setSigning({ productId: product.id, amount: check.amount });
  };

  return (
    <>
      <Card title={t('products.title')}>
        <ProductCards
          products={list}
          selectedId={product.id}
          onSelect={setChosenId}
          disabled={signing !== null}
        />
      </Card>
      <div className="loan-grid">
        <Card title={t('calc.title')}>
          <form className="loan-terms" onSubmit={onSign} noValidate ref={form.formRef}>
            <AmountField
              product={product}
              value={amount}
              check={check}
              onChange={(text) => {
                setAmount(text);
                form.changed('amount');
              }}
              disabled={signing !== null}
              serverError={form.errors.amount}
              limit={limit}
            />
            <LoanFigures product={product} check={check} />
            {form.formError && <ErrorNote message={form.formError} />}
            {signing ? (
              <button type="button" className="btn btn-secondary btn-block" onClick={() => setSigning(null)}>
                {t('apply.changeTerms')}
              </button>
            ) : (
              <Eligibility check={check} />
            )}
          </form>
        </Card>
        <Card title={t('how.title')} className={signing ? 'loan-how loan-how-signing' : 'loan-how'}>
          <ol className="steps loan-steps">
            <li>{t('how.step1')}</li>
            <li>{t('how.step2')}</li>
            <li>{t('how.step3')}</li>
            <li>{t('how.step4')}</li>
          </ol>
          <p className="muted small">{t('how.late')}</p>
        </Card>
      </div>
      {signing && (
        <SigningStep
          key={`${signing.productId}|${signing.amount}`}
          terms={signing}
          kycStatus={kyc}
          onCancel={() => setSigning(null)}
          onTermsRefused={onTermsRefused}
          onDone={() => {
            setSigning(null);
            setAmount('');
            document.getElementById('my-loans')?.scrollIntoView({ block: 'start' });
          }}
        />
      )}
    </>
  );
}

export default function Loan() {
  const { t } = useTranslation();
  const { user } = useSession();
  useFreshUserInfo();
  return (
    <Page title={t('loan.title')} intro={t('loan.intro')}>
      <FeatureGate products={['loans']}>
        <div className="loan-page">
          <Borrow />
          {user && <MyLoans />}
        </div>
      </FeatureGate>
    </Page>
  );
}
