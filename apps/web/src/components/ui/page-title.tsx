import { useTranslation } from 'react-i18next';

/** The document title for a page: "{page} · Roomcraft". React hoists it into <head>. */
export function PageTitle({ page }: { page: string }) {
  const { t } = useTranslation();
  return <title>{t('app.documentTitle', { page })}</title>;
}
