// Bidding on one open piece: my standing (I lead / outbid / won), then the amount prefilled with the
// minimum next bid (following it while untouched, so a rival's bid moves it) and "Review bid", which opens
// the confirm step. Visitors are asked to log in; on the demo book the switch to the real one is offered.
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MyNft, Nft } from '@tradewind/contract';
import { useParam } from '../../api/content.ts';
import { useMyNft } from '../../api/nft.ts';
import { useSession } from '../../app/session.ts';
import { BookSwitch } from '../../layout/BookSwitch.tsx';
import { BidConfirm } from './BidConfirm.tsx';
import { bidInputMax, checkBid } from './bid.ts';
import { usdtText } from './usdt-text.ts';

function VisitorPrompt() {
  const { t } = useTranslation('nft');
  const { t: tw } = useTranslation();
  const location = useLocation();
  const redirect = new URLSearchParams({ redirect: location.pathname }).toString();
  return (
    <div className="nft-login" data-testid="nft-login">
      <p className="muted small">{t('bid.loginText')}</p>
      <div className="row-actions">
        <Link to={`/pass/login?${redirect}`} className="btn btn-primary btn-small">
          {tw('auth.login.submit')}
        </Link>
        <Link to="/pass/register" className="btn btn-secondary btn-small">
          {tw('auth.register.submit')}
        </Link>
      </div>
    </div>
  );
}

/** "You lead" or "Outbid" on an open piece; "You won" on one sold to me. */
export function Standing({ mine }: { mine: MyNft | undefined }) {
  const { t } = useTranslation('nft');
  if (!mine) return null;
  const amount = usdtText(mine.myBid);
  if (mine.status === 'sold')
    return mine.owned ? (
      <p className="note nft-standing nft-standing-lead" data-testid="nft-standing" data-standing="won">
        {t('detail.youWon')}
      </p>
    ) : null;
  if (mine.status !== 'open') return null;
  return mine.leading ? (
    <div
      className="note nft-standing nft-standing-lead"
      role="status"
      data-testid="nft-standing"
      data-standing="lead"
    >
      <strong>{t('bid.youLead')}</strong> <span>{t('bid.youLeadText', { amount })}</span>
    </div>
  ) : (
    <div
      className="note note-warn nft-standing"
      role="status"
      data-testid="nft-standing"
      data-standing="outbid"
    >
      <strong>{t('bid.outbid')}</strong> <span>{t('bid.outbidText', { amount })}</span>
    </div>
  );
}

function BidForm({ item }: { item: Nft }) {
  const { t } = useTranslation('nft');
  const { isDemo } = useSession();
  const [typed, setTyped] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const text = typed ?? item.minNextBid;
  const check = checkBid(text, item.minNextBid);
  const min = usdtText(item.minNextBid, 'exact');
  const error =
    check.kind === 'invalid'
      ? t('bid.invalid')
      : check.kind === 'below'
        ? t('bid.belowMin', { min })
        : undefined;
  const fieldId = `nft-bid-${item.id}`;
  return (
    <form
      className="nft-bid-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (check.kind === 'ok') setConfirming(check.amount);
      }}
    >
      {isDemo && (
        <div className="note note-warn with-action" data-testid="nft-demo-note">
          <span>{t('bid.demoText')}</span>
          <BookSwitch />
        </div>
      )}
      <div className={error ? 'field field-invalid' : 'field'}>
        <label className="field-label" htmlFor={fieldId}>
          {t('bid.amount')}
        </label>
        <div className="field-row">
          <input
            id={fieldId}
            className="input num"
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            value={text}
            maxLength={bidInputMax}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${fieldId}-hint`}
            onChange={(event) => setTyped(event.target.value)}
            data-testid="nft-bid-amount"
          />
          <span className="unit nft-unit">USDT</span>
        </div>
        <p className={error ? 'field-error' : 'field-hint'} id={`${fieldId}-hint`}>
          {error ?? t('bid.minHint', { min })}
        </p>
      </div>
      <button
        type="submit"
        className="btn btn-primary nft-review"
        disabled={check.kind !== 'ok'}
        data-testid="nft-review"
      >
        {t('bid.review')}
      </button>
      {confirming !== null && (
        <BidConfirm
          item={item}
          amount={confirming}
          onClose={() => setConfirming(null)}
          onDone={() => {
            setConfirming(null);
            setTyped(null);
          }}
        />
      )}
    </form>
  );
}

export function BidPanel({ item, ended }: { item: Nft; ended: boolean }) {
  const { t } = useTranslation('nft');
  const { t: tw } = useTranslation();
  const { user } = useSession();
  const mine = useMyNft(item.id);
  // The server refuses a bid with 10170 until the charity is named; the form waits for it too.
  const charity = useParam('charity_name');
  const charityUnnamed = charity.isSuccess && !charity.data;
  return (
    <section className="card nft-bid" aria-labelledby="nft-bid-title" data-testid="nft-bid">
      <h2 className="card-title" id="nft-bid-title">
        {t('bid.title')}
      </h2>
      {user && <Standing mine={mine.data} />}
      {ended || item.status !== 'open' ? (
        <p className="muted">{t('bid.ended')}</p>
      ) : charityUnnamed ? (
        <p className="muted" data-testid="nft-bid-charity-unnamed">
          {tw('charityInfo.unnamed')}
        </p>
      ) : user ? (
        <BidForm item={item} />
      ) : (
        <VisitorPrompt />
      )}
    </section>
  );
}
