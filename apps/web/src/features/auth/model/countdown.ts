import { i18n } from '@/lib/i18n';

/** The resend countdown text of spec §9: "1 sec" or "{time} secs". */
export function formatCountdown(seconds: number): string {
  return i18n.t('verifyEmail.seconds', { count: seconds });
}
