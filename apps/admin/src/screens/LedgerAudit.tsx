// The ledger's self-check (DESIGN.md §1.2): every entry sums to zero per asset, no negative customer cash,
// balances equal their postings. Sums are shown per book and asset exactly as the server computed them.
import { useLedgerAudit } from '../api/queries.ts';
import { useT } from '../i18n/i18n.ts';
import { Amount, Badge, ErrorNote } from '../ui/kit.tsx';

const isZero = (decimal: string) => /^-?0*(\.0*)?$/.test(decimal);

export function LedgerAudit() {
  const { t, tMaybe, integer, dateTime } = useT();
  const audit = useLedgerAudit();
  const data = audit.data;
  const sums = Object.entries(data?.sums ?? {})
    .map(([key, sum]) => {
      const [book = key, asset = ''] = key.split(':');
      return { key, book, asset, sum };
    })
    .sort((a, b) => a.key.localeCompare(b.key));

  return (
    <section aria-labelledby="ledger-title">
      <header className="page-header">
        <div>
          <h1 id="ledger-title">{t('ledger.title')}</h1>
          <p className="page-intro">{t('ledger.intro')}</p>
        </div>
        <div className="page-actions">
          {audit.dataUpdatedAt > 0 && (
            <span className="muted small">
              {t('ledger.checkedAt', { time: dateTime(audit.dataUpdatedAt) })}
            </span>
          )}
          <button type="button" className="button button-small" onClick={() => void audit.refetch()}>
            {t('common.refresh')}
          </button>
        </div>
      </header>
      {audit.error ? <ErrorNote error={audit.error} onRetry={() => void audit.refetch()} /> : null}
      {audit.isPending && <p className="muted">{t('common.loading')}</p>}
      {data && (
        <>
          <div className={`verdict ${data.balanced ? 'verdict-good' : 'verdict-bad'}`} role="status">
            <span className="verdict-icon" aria-hidden="true">
              {data.balanced ? '✓' : '!'}
            </span>
            <div>
              <p className="verdict-title">{data.balanced ? t('ledger.balanced') : t('ledger.unbalanced')}</p>
              <p>{data.balanced ? t('ledger.balancedText') : t('ledger.unbalancedText')}</p>
            </div>
          </div>
          <dl className="stats">
            <div className="stat">
              <dt>{t('ledger.entryCount')}</dt>
              <dd className="num">{integer(data.entryCount)}</dd>
            </div>
            <div className={`stat ${data.negativeCustomerAccounts > 0 ? 'stat-bad' : ''}`}>
              <dt>{t('ledger.negativeAccounts')}</dt>
              <dd className="num">{integer(data.negativeCustomerAccounts)}</dd>
            </div>
            {data.accountsMatchingPostings !== undefined && (
              <div className={`stat ${data.accountsMatchingPostings ? '' : 'stat-bad'}`}>
                <dt>{t('ledger.accountsMatch')}</dt>
                <dd>
                  <Badge tone={data.accountsMatchingPostings ? 'good' : 'bad'}>
                    {data.accountsMatchingPostings ? t('ledger.match') : t('ledger.mismatch')}
                  </Badge>
                </dd>
              </div>
            )}
          </dl>
          <h2 className="section-title">{t('ledger.sums')}</h2>
          <div className="table-wrap table-wrap-narrow">
            <table className="table table-narrow">
              <thead>
                <tr>
                  <th scope="col">{t('ledger.book')}</th>
                  <th scope="col">{t('ledger.asset')}</th>
                  <th scope="col" className="col-num">
                    {t('ledger.sum')}
                  </th>
                  <th scope="col">{t('fields.status')}</th>
                </tr>
              </thead>
              <tbody>
                {sums.length === 0 ? (
                  <tr>
                    <td colSpan={4} className="table-state">
                      {t('common.empty')}
                    </td>
                  </tr>
                ) : (
                  sums.map((s) => (
                    <tr key={s.key}>
                      <td>{tMaybe(`values.${s.book}`) ?? s.book}</td>
                      <td className="mono">{s.asset}</td>
                      <td className="col-num">
                        <Amount value={s.sum} />
                      </td>
                      <td>
                        <Badge tone={isZero(s.sum) ? 'good' : 'bad'}>
                          {isZero(s.sum) ? t('ledger.zero') : t('ledger.notZero')}
                        </Badge>
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
