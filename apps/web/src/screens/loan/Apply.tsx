// Borrowing: who may (logged in, real book — else 10103 —, identity verified — else 10022 —, no loan
// already open — else 10024), then the signing step: the agreement PDF for exactly these terms shown in
// the page (drawn as pages on phones), its SHA-256 kept, the signature pad, "I have read and accept", and confirm under one
// Idempotency-Key. A 10112 (the agreement is no longer the one on the server) loads it again to be read
// and confirmed again. A refusal of the terms themselves (the amount, 10013; above the per-customer limit,
// 10173; the product, 10023) goes back to the calculator, at its field; a refused signature (10108, 10107)
// stays at the pad until it is redrawn.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { codes, kycStatuses, type KycStatus } from '@tradewind/contract';
import { ApiError } from '../../api/client.ts';
import { useApplyLoan, useLoanAgreement, type Agreement } from '../../api/loans.ts';
import { layout } from '../../app/device.ts';
import { BookSwitch } from '../../layout/BookSwitch.tsx';
import { BookBanner } from '../../ui/BookBanner.tsx';
import { useFieldErrors } from '../../ui/fieldErrors.ts';
import { ShieldIcon } from '../../ui/icons.tsx';
import { ErrorNote, Spinner } from '../../ui/kit.tsx';
import { toast } from '../../ui/toast.tsx';
import { useIntentKey } from '../../ui/wallet/intent.ts';
import { KycBadge } from '../account/kyc.tsx';
import { AgreementPages } from './AgreementPages.tsx';
import { SignaturePad } from './SignaturePad.tsx';

export type Terms = { productId: string; amount: string };

/** Refusals of the calculator's terms: the amount (10013, 10173 or its field) or the product (10023). */
export const amountCodes = {
  [codes.investmentAmountWrong]: 'amount',
  [codes.loanAboveLimit]: 'amount',
} as const;

export function refusesTerms(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    (error.code === codes.investmentAmountWrong ||
      error.code === codes.loanAboveLimit ||
      error.code === codes.loanTermWrong ||
      error.fields.amount !== undefined ||
      error.fields.productId !== undefined)
  );
}

const signFields = ['signature', 'agreementAccepted'] as const;
const signCodes = {
  [codes.loanAgreementUnsigned]: 'signature',
  [codes.imageTooLarge]: 'signature',
} as const;

export function LoginToBorrow() {
  const { t } = useTranslation('loans');
  const redirect = new URLSearchParams({ redirect: '/loan' }).toString();
  return (
    <div className="note with-action" data-testid="loan-login">
      <span>{t('apply.loginText')}</span>
      <Link to={`/pass/login?${redirect}`} className="btn btn-primary btn-small">
        {t('apply.login')}
      </Link>
    </div>
  );
}

export function DemoBlocked() {
  const { t } = useTranslation('loans');
  return (
    <div className="note note-warn with-action" data-testid="switch-to-real">
      <span>{t('apply.demo')}</span>
      <BookSwitch />
    </div>
  );
}

/** Loans need a verified identity (spec.md §6): say so and lead to the verification page. */
export function KycGate({ status }: { status: KycStatus }) {
  const { t } = useTranslation('loans');
  const pending = status === kycStatuses.pending;
  return (
    <div className="loan-kyc" data-testid="loan-kyc-gate">
      <span className="empty-icon">
        <ShieldIcon size={24} />
      </span>
      <div className="loan-kyc-text">
        <p className="strong">
          {t('apply.kycTitle')} <KycBadge status={status} />
        </p>
        <p className="muted small">{pending ? t('apply.kycPending') : t('apply.kycText')}</p>
      </div>
      {!pending && (
        <Link to="/profile/verification" className="btn btn-primary btn-small">
          {t('apply.kycAction')}
        </Link>
      )}
    </div>
  );
}

/** A blob as a URL for as long as it is shown. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(undefined);
    };
  }, [blob]);
  return url;
}

/** Whether the browser shows PDFs inline (Android Chrome does not; most phones draw them tiny if they do). */
const inlinePdf = typeof navigator !== 'undefined' && navigator.pdfViewerEnabled;

/** Pages drawn in the page where an inline viewer is missing or too small to read: phones, narrow windows. */
function readsAsPages(): boolean {
  if (layout === 'mobile' || !inlinePdf) return true;
  return typeof window !== 'undefined' && window.matchMedia('(max-width: 40rem)').matches;
}

function AgreementView({ agreement }: { agreement: Agreement }) {
  const { t } = useTranslation('loans');
  const url = useObjectUrl(agreement.blob);
  if (!url) return <Spinner />;
  const download = (
    <a
      href={url}
      download="loan-agreement.pdf"
      className="btn btn-secondary btn-small"
      data-testid="agreement-download"
    >
      {t('sign.download')}
    </a>
  );
  // Where pdf.js cannot draw the pages, the PDF opens in the browser's own viewer, or downloads.
  const fallback = (
    <div className="loan-agreement-fallback">
      <p className="muted">{t('sign.noViewer')}</p>
      <a href={url} target="_blank" rel="noopener noreferrer" className="btn btn-secondary btn-small">
        {t('sign.open')}
      </a>
    </div>
  );
  return (
    <div className="loan-agreement">
      {readsAsPages() ? (
        <AgreementPages blob={agreement.blob} fallback={fallback} />
      ) : (
        <iframe src={url} title={t('sign.agreement')} className="loan-agreement-view" />
      )}
      <div className="loan-agreement-bar">
        {download}
        <span className="muted small loan-hash">
          {t('sign.fingerprint')} <code dir="ltr">{agreement.sha256.slice(0, 16)}…</code>
        </span>
      </div>
    </div>
  );
}

function refusalOf(error: unknown): 'kyc' | 'demo' | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === codes.kycRequired) return 'kyc';
  if (error.code === codes.switchToReal || error.code === codes.demoForbidden) return 'demo';
  return null;
}

export function SigningStep({
  terms,
  kycStatus,
  onCancel,
  onDone,
  onTermsRefused,
}: {
  terms: Terms;
  kycStatus: KycStatus;
  onCancel: () => void;
  onDone: () => void;
  /** The server refused the amount or product: back to the calculator with the reason at its field. */
  onTermsRefused: (error: ApiError) => void;
}) {
  const { t } = useTranslation('loans');
  const queryClient = useQueryClient();
  const agreement = useLoanAgreement(terms);
  const apply = useApplyLoan();
  const intent = useIntentKey();
  const [signature, setSignature] = useState<string>();
  const [accepted, setAccepted] = useState(false);
  const [termsChanged, setTermsChanged] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const form = useFieldErrors(signFields, signCodes);
  const { changed } = form;
  const onSignature = useCallback(
    (png: string | undefined) => {
      setSignature(png);
      changed('signature');
    },
    [changed],
  );
  const sectionRef = useRef<HTMLElement>(null);
  useEffect(() => {
    // Braces: scrollIntoView may return a promise, which React would take for a clean-up function.
    sectionRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, []);
  // The agreement is issued for the terms: one refused for them sends the customer back to the calculator.
  useEffect(() => {
    if (refusesTerms(agreement.error)) onTermsRefused(agreement.error);
  }, [agreement.error, onTermsRefused]);

  const refusal = refusalOf(agreement.error) ?? refusalOf(error);
  if (refusal === 'kyc')
    return <KycGate status={kycStatus === kycStatuses.verified ? kycStatuses.none : kycStatus} />;
  if (refusal === 'demo') return <DemoBlocked />;

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    const read = agreement.data;
    if (!read || !signature || !accepted || !form.check({})) return;
    setError(null);
    const body = {
      productId: read.productId,
      amount: read.amount,
      signature,
      agreementAccepted: true as const,
      agreementSha256: read.sha256,
    };
    apply.mutate(
      { ...body, idempotencyKey: intent.keyFor(JSON.stringify(body)) },
      {
        onSuccess: (answer) => {
          intent.done();
          toast(answer.message || t('apply.submitted'), 'success');
          onDone();
        },
        onError: (failure) => {
          intent.failed(failure);
          if (failure instanceof ApiError && failure.code === codes.termsChanged) {
            // Not a dead end: the agreement is issued again for these terms, to be read and accepted again.
            setTermsChanged(true);
            setAccepted(false);
            void queryClient.resetQueries({ queryKey: ['loanAgreement'] });
            return;
          }
          if (refusesTerms(failure)) return onTermsRefused(failure);
          setError(failure);
          form.refused(failure);
        },
      },
    );
  };

  const message = error && !(error instanceof ApiError) ? t('apply.failed') : form.formError;

  return (
    <section
      ref={sectionRef}
      className="card loan-sign"
      aria-labelledby="loan-sign-title"
      data-testid="loan-sign"
    >
      <h2 className="card-title" id="loan-sign-title">
        {t('sign.title')}
      </h2>
      {/* Loans are real-book only (the demo book is refused before this step): the same banner as every product's. */}
      <BookBanner isDemo={false} demoText={t('apply.demo')} testId="loan-book" />
      <p className="muted">{t('sign.intro')}</p>
      {termsChanged && (
        <p className="note note-warn" role="alert" data-testid="loan-terms-changed">
          {t('sign.termsChanged')}
        </p>
      )}
      {agreement.isPending ? (
        <Spinner label={t('sign.loading')} />
      ) : agreement.isError ? (
        <div className="with-action note note-error" role="alert">
          <span>{agreement.error.message}</span>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => void agreement.refetch()}
          >
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <AgreementView agreement={agreement.data} />
      )}
      <form className="loan-sign-form" onSubmit={confirm} noValidate ref={form.formRef}>
        <h3 className="loan-sign-heading">{t('sign.signatureTitle')}</h3>
        <SignaturePad onChange={onSignature} disabled={apply.isPending} error={form.errors.signature} />
        <label className={form.errors.agreementAccepted ? 'loan-consent field-invalid' : 'loan-consent'}>
          <input
            type="checkbox"
            checked={accepted}
            disabled={!agreement.data || apply.isPending}
            onChange={(e) => setAccepted(e.target.checked)}
            data-testid="loan-accept"
          />
          <span>{t('sign.accept')}</span>
        </label>
        {form.errors.agreementAccepted && <p className="field-error">{form.errors.agreementAccepted}</p>}
        {!signature && <p className="muted small">{t('sign.signFirst')}</p>}
        {message && <ErrorNote message={message} />}
        <div className="row-actions loan-sign-actions">
          <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={apply.isPending}>
            {t('sign.back')}
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            data-testid="loan-confirm"
            disabled={!agreement.data || !signature || !accepted || apply.isPending}
          >
            {apply.isPending ? t('sign.sending') : t('sign.confirm')}
          </button>
        </div>
      </form>
    </section>
  );
}
