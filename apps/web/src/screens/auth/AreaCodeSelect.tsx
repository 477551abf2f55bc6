// The phone area code picker of sign-up and identity verification. The list names each region in full
// ("+44 United Kingdom"), which a 360 px row cuts ("+44 United Kin"): closed, the picker shows the code and
// the region's two letters ("+44 GB") on a face laid over the native <select>, which still opens the list.
import { useTranslation } from 'react-i18next';
import { regionName } from '../../i18n/format.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import { areaCodes } from './areaCodes.ts';

export function AreaCodeSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const region = areaCodes.find(([code]) => code === value)?.[1] ?? '';
  return (
    <span className="area-select">
      <label className="visually-hidden" htmlFor={id}>
        {t('auth.fields.areaCode')}
      </label>
      <select id={id} className="area-select-native" value={value} onChange={onChange}>
        {areaCodes.map(([code, name]) => (
          <option key={code} value={code}>
            {code} {regionName(name, locale)}
          </option>
        ))}
      </select>
      <span className="input area-select-face" aria-hidden="true" data-testid="area-code-face">
        <bdi dir="ltr">
          {value} {region}
        </bdi>
      </span>
    </span>
  );
}
