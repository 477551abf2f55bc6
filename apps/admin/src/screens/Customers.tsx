// Customers: find one by user name, e-mail, id or invite code (exact hits first), page through, and open the
// customer 360 (Customer360.tsx) at /admin/customers/<id>.
import { useId, useState, type FormEvent } from 'react';
import { userStatuses, type CustomerListItem } from '@tradewind/contract';
import { customersPageSize, useCustomers } from '../api/customers.ts';
import type { AdminSession } from '../app/session.ts';
import { useT } from '../i18n/i18n.ts';
import { Link } from '../layout/Link.tsx';
import { Amount, Badge, Pager } from '../ui/kit.tsx';
import { ListTable } from '../ui/ListTable.tsx';
import { Customer360 } from './Customer360.tsx';
import { kycTones, Time } from './customer-parts.tsx';
import './customers.css';

export function Customers({ admin, id }: { admin: AdminSession['admin']; id?: string | undefined }) {
  return id ? <Customer360 admin={admin} id={id} /> : <CustomerList />;
}

function CustomerList() {
  const { t } = useT();
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const customers = useCustomers(keyword, page);
  const searchId = useId();

  const search = (event: FormEvent) => {
    event.preventDefault();
    setKeyword(draft.trim());
    setPage(1);
  };

  return (
    <section aria-labelledby="customers-title">
      <header className="page-header">
        <h1 id="customers-title">{t('customers.title')}</h1>
      </header>
      <p className="page-intro">{t('customers.intro')}</p>
      <form className="toolbar" role="search" onSubmit={search}>
        <label htmlFor={searchId} className="visually-hidden">
          {t('customers.search')}
        </label>
        <input
          id={searchId}
          type="search"
          className="search-input"
          placeholder={t('customers.search')}
          maxLength={64}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="button button-primary button-small">
          {t('customers.searchButton')}
        </button>
        {keyword && (
          <button
            type="button"
            className="button button-small"
            onClick={() => {
              setDraft('');
              setKeyword('');
              setPage(1);
            }}
          >
            {t('customers.clear')}
          </button>
        )}
      </form>
      <ListTable
        query={customers}
        columns={[
          { label: t('fields.id') },
          { label: t('fields.userName') },
          { label: t('fields.email') },
          { label: t('fields.kycStatus') },
          { label: t('fields.status') },
          { label: t('fields.inviteCode') },
          { label: t('customers.realCash'), className: 'num' },
          { label: t('customers.demoCash'), className: 'num' },
          { label: t('customers.registered') },
        ]}
        empty={keyword ? t('customers.noMatch') : t('customers.none')}
        items={customers.data?.list}
        row={(customer) => <CustomerRow key={customer.id} customer={customer} />}
      />
      {customers.data && (
        <Pager page={page} size={customersPageSize} total={customers.data.total} onPage={setPage} />
      )}
    </section>
  );
}

function CustomerRow({ customer }: { customer: CustomerListItem }) {
  const { t } = useT();
  const disabled = customer.status === userStatuses.disabled;
  return (
    <tr className={disabled ? 'is-muted' : undefined}>
      <td className="num">{customer.id}</td>
      <td className="strong">
        <Link to={{ screen: 'customers', id: customer.id }}>
          <bdi>{customer.userName}</bdi>
        </Link>
      </td>
      <td>
        <bdi>{customer.email}</bdi>
      </td>
      <td>
        <Badge tone={kycTones[customer.kycStatus]}>{t(`kycStatus.${customer.kycStatus}`)}</Badge>
      </td>
      <td>
        <Badge tone={disabled ? 'bad' : 'good'}>{t(`userStatus.${customer.status}`)}</Badge>
      </td>
      <td className="mono">{customer.inviteCode}</td>
      <td className="num">
        <Amount value={customer.realCash} />
      </td>
      <td className="num">
        <Amount value={customer.demoCash} />
      </td>
      <td className="nowrap">
        <Time ms={customer.createdAt} />
      </td>
    </tr>
  );
}
