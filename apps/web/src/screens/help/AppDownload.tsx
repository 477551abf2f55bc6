// Getting the app: the browser's install prompt where it offers one, Safari's "Add to Home Screen" steps on
// iPhone and iPad, and the store page when `app_download_url` is set. Nothing is shown when none applies.
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useParam } from '../../api/content.ts';
import {
  installState,
  isIos,
  promptInstall,
  runningInstalled,
  subscribeInstall,
} from '../../app/install-prompt.ts';
import { DownloadIcon } from '../../ui/icons.tsx';

export function AppDownload() {
  const { t } = useTranslation('help');
  const store = useParam('app_download_url').data ?? null;
  const install = useSyncExternalStore(subscribeInstall, installState);
  const installed = install.installed || runningInstalled();
  const canPrompt = !installed && install.offered !== null;
  const iosSteps = !installed && !canPrompt && isIos();
  if (!store && !canPrompt && !iosSteps) return null;
  return (
    <section
      className="help-section app-download"
      aria-labelledby="app-download-title"
      data-testid="app-download"
    >
      <h2 id="app-download-title" className="help-section-title">
        {t('download.title')}
      </h2>
      <div className="card app-download-card">
        <span className="feature-icon">
          <DownloadIcon size={22} />
        </span>
        <div className="app-download-body">
          {canPrompt && (
            <>
              <p>{t('download.installText')}</p>
              <button type="button" className="btn btn-primary" onClick={() => void promptInstall()}>
                {t('download.install')}
              </button>
            </>
          )}
          {iosSteps && (
            <>
              <p>{t('download.iosTitle')}</p>
              <ol className="app-download-steps">
                <li>{t('download.iosStep1')}</li>
                <li>{t('download.iosStep2')}</li>
                <li>{t('download.iosStep3')}</li>
              </ol>
            </>
          )}
          {store && (
            <a href={store} target="_blank" rel="noopener noreferrer" className="btn btn-secondary">
              {t('download.store')}
            </a>
          )}
        </div>
      </div>
    </section>
  );
}
