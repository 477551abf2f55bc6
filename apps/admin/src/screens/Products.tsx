// Placeholder wired by the lead; the helper building this screen replaces the whole file.
import type { AdminSession } from '../app/session.ts';
import { useT } from '../i18n/i18n.ts';

export function Products(_props: { admin: AdminSession['admin'] }) {
  const { t } = useT();
  return (
    <section>
      <header className="page-header">
        <h1>{t('nav.products')}</h1>
      </header>
    </section>
  );
}
