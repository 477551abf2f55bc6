// The anti-phishing section of the security page (issue 25): a phrase the customer chooses, shown at the top
// of every e-mail Tradewind sends them, so an e-mail without it is known not to be ours.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { antiPhishingMaxLength, antiPhishingMinLength } from '@tradewind/contract';
import { useAntiPhishing, useSetAntiPhishing } from '../../../api/sessions.ts';
import { useFieldErrors } from '../../../ui/fieldErrors.ts';
import { Card, ErrorNote, Field, Spinner } from '../../../ui/kit.tsx';
import { toast } from '../../../ui/toast.tsx';
import './sessions.css';

export function AntiPhishingSection() {
  const { t } = useTranslation('security');
  const current = useAntiPhishing();
  const save = useSetAntiPhishing();
  const [phrase, setPhrase] = useState('');
  const form = useFieldErrors(['phrase'] as const);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const length = phrase.trim().length;
    const fits = length >= antiPhishingMinLength && length <= antiPhishingMaxLength;
    if (!form.check({ phrase: fits ? undefined : t('antiPhishing.length') })) return;
    save.mutate(phrase.trim(), {
      onSuccess: () => {
        setPhrase('');
        toast(t('antiPhishing.saved'), 'success');
      },
      onError: (error) => form.refused(error),
    });
  };

  return (
    <Card title={t('antiPhishing.title')} className="anti-phishing">
      <p className="muted">{t('antiPhishing.intro')}</p>
      {current.isPending ? (
        <Spinner />
      ) : current.isError ? (
        <ErrorNote message={current.error.message} />
      ) : current.data.phrase ? (
        <p className="anti-phishing-current" data-testid="anti-phishing-current">
          {t('antiPhishing.current')} <strong>{current.data.phrase}</strong>
        </p>
      ) : (
        <p data-testid="anti-phishing-current">{t('antiPhishing.none')}</p>
      )}
      <form className="form" onSubmit={submit} noValidate ref={form.formRef}>
        <Field
          label={t('antiPhishing.label')}
          name="phrase"
          value={phrase}
          maxLength={antiPhishingMaxLength + 8}
          autoComplete="off"
          spellCheck={false}
          hint={t('antiPhishing.hint')}
          onChange={(event) => {
            setPhrase(event.target.value);
            form.changed('phrase');
          }}
          error={form.errors.phrase}
        />
        {form.formError && <ErrorNote message={form.formError} />}
        <div className="row-actions">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? t('common.pleaseWait', { ns: 'web' }) : t('antiPhishing.save')}
          </button>
        </div>
      </form>
    </Card>
  );
}
