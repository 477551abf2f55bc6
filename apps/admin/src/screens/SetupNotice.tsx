// What a fresh install still lacks, said where it matters: the dashboard warns until the operator is named
// in full, the channel editor says why no channel opens before the operator's name and email are set, and
// the auctions screen why none is created before the charity is named (GET /admin/api/params/setup). The
// server refuses the same things; this says so before anyone tries.
import type { SetupParamKey } from '@tradewind/contract';
import { useParamSetup } from '../api/params.ts';
import { can, type AdminSession } from '../app/session.ts';
import { currentLocale, intlLocale, useT, type MessageKey } from '../i18n/i18n.ts';
import { Link } from '../layout/Link.tsx';
import { Notice } from '../ui/kit.tsx';

export function SetupNotice({
  admin,
  keys,
  message,
  testId,
}: {
  admin: AdminSession['admin'];
  /** The parameters this screen depends on; nothing is shown once all of them are set. */
  keys: readonly SetupParamKey[];
  message: MessageKey;
  testId: string;
}) {
  const { t, tMaybe } = useT();
  const setup = useParamSetup();
  const missing = (setup.data?.missing ?? []).filter((key) => keys.includes(key));
  if (missing.length === 0) return null;
  return (
    <div data-testid={testId}>
      <Notice tone="warn">
        {/* One child: the note lays its children out in a row, which a phone cannot fit. */}
        <span>
          {t(message)} <span className="strong">{t('setup.missing')}</span>{' '}
          {new Intl.ListFormat(intlLocale(currentLocale()), { style: 'long', type: 'conjunction' })
            .formatToParts(missing.map((key) => tMaybe(`params.keys.${key}`) ?? key))
            .map((part, i) => (part.type === 'element' ? <bdi key={i}>{part.value}</bdi> : part.value))}
          <br />
          {can(admin.role, 'editParams') ? (
            <Link to={{ screen: 'params' }}>{t('setup.openParams')}</Link>
          ) : (
            t('setup.askSuperadmin')
          )}
        </span>
      </Notice>
    </div>
  );
}
