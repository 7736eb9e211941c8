import { useTranslation } from 'react-i18next';
import { useIsWorking } from '@/lib/working';
import classes from './working-bar.module.css';

/** The global working indicator (spec §7): a thin bar at the top while calls are in flight. */
export function WorkingBar() {
  const { t } = useTranslation();
  const working = useIsWorking();
  if (!working) return null;
  return <div className={classes.bar} role="progressbar" aria-label={t('common.working')} />;
}
