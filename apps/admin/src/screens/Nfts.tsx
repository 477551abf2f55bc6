// Charity auctions (issue 11; permission manageNfts: finance and superadmin): the collection with each
// auction's bids, end and highest bidder, creating an auction, correcting its artwork and texts until the
// first bid, and the payouts to the charity with the balance still payable to it.
import { useState } from 'react';
import type { AdminNft, NftStatus } from '@tradewind/contract';
import { nftStatuses } from '@tradewind/contract';
import { useAdminNfts } from '../api/nfts.ts';
import { pageSize } from '../api/queries.ts';
import { can, type AdminSession } from '../app/session.ts';
import { useT } from '../i18n/i18n.ts';
import { Amount, Badge, LiveMessage, Notice, Pager, type Tone } from '../ui/kit.tsx';
import { ListTable } from '../ui/ListTable.tsx';
import { NftForm } from './NftForm.tsx';
import { NftPayouts } from './NftPayouts.tsx';
import { SetupNotice } from './SetupNotice.tsx';

const tones: Record<NftStatus, Tone> = { open: 'info', sold: 'good', unsold: 'neutral' };

export function Nfts({ admin }: { admin: AdminSession['admin'] }) {
  const { t, integer, dateTimeShort } = useT();
  const [status, setStatus] = useState<NftStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminNft | 'new' | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const allowed = can(admin.role, 'manageNfts');
  const nfts = useAdminNfts(status === 'all' ? undefined : status, page);

  return (
    <section aria-labelledby="nfts-title" className="nft-admin">
      <header className="page-header">
        <div>
          <h1 id="nfts-title">{t('nfts.title')}</h1>
          <p className="page-intro">{t('nfts.intro')}</p>
        </div>
        {allowed && (
          <div className="page-actions">
            <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
              {t('nfts.create')}
            </button>
          </div>
        )}
      </header>
      {!allowed && <Notice>{t('common.forbidden')}</Notice>}
      {allowed && (
        <SetupNotice
          admin={admin}
          keys={['charity_name']}
          message="setup.charityMissing"
          testId="charity-setup"
        />
      )}
      <LiveMessage message={message} />
      {allowed && <NftPayouts canAct={allowed} onRecorded={setMessage} />}
      <fieldset className="segmented">
        <legend>{t('fields.status')}</legend>
        {(['all', ...nftStatuses] as const).map((s) => (
          <label key={s} className={s === status ? 'is-selected' : undefined}>
            <input
              type="radio"
              name="nft-status"
              value={s}
              checked={s === status}
              onChange={() => {
                setStatus(s);
                setPage(1);
              }}
            />
            {t(`nfts.${s}`)}
          </label>
        ))}
      </fieldset>
      <ListTable
        query={nfts}
        columns={[
          { label: t('nfts.artwork') },
          { label: t('nfts.name') },
          { label: t('fields.status') },
          { label: t('nfts.currentBid'), className: 'col-num' },
          { label: t('nfts.bids'), className: 'col-num' },
          { label: t('nfts.endAt') },
          { label: t('nfts.leader') },
          { label: t('common.actions'), className: 'col-actions' },
        ]}
        empty={t('nfts.noAuctions')}
        items={nfts.data?.list}
        row={(n) => (
          <tr key={n.id} data-testid="nft-row">
            <td>
              <img className="nft-admin-thumb" src={n.image} alt="" width={48} height={48} loading="lazy" />
            </td>
            <td>
              <bdi className="strong">{n.name}</bdi>
              <div className="muted small">
                <bdi>{n.creator}</bdi> · <bdi>{n.chain ?? t('nfts.platformIssued')}</bdi>
              </div>
            </td>
            <td>
              <Badge tone={tones[n.status]}>{t(`nfts.${n.status}`)}</Badge>
            </td>
            <td className="col-num">
              <Amount value={n.currentBid} asset="USDT" />
            </td>
            <td className="col-num num">{integer(n.bidCount)}</td>
            <td className="nowrap">
              <time dateTime={new Date(n.endAt).toISOString()}>{dateTimeShort(n.endAt)}</time>
            </td>
            <td>{n.leaderUserName ? <bdi>{n.leaderUserName}</bdi> : <span className="muted">—</span>}</td>
            <td className="col-actions">
              {allowed && (
                <button type="button" className="button button-small" onClick={() => setEditing(n)}>
                  {t('nfts.edit')}
                </button>
              )}
            </td>
          </tr>
        )}
      />
      {nfts.data && nfts.data.total > pageSize && (
        <Pager page={page} size={pageSize} total={nfts.data.total} onPage={setPage} />
      )}
      {editing && (
        <NftForm
          {...(editing === 'new' ? {} : { nft: editing })}
          onClose={() => setEditing(null)}
          onSaved={(name) => {
            setMessage(editing === 'new' ? t('nfts.created', { name }) : t('nfts.saved', { name }));
            setEditing(null);
          }}
        />
      )}
    </section>
  );
}
