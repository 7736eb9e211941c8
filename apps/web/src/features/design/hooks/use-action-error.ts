import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorBodySchema } from '@roomcraft/contracts';
import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useEditorPorts } from '../components/editor-ports';

/**
 * The engine's refusals a user can act on, worded for this app's controls (the server's message
 * stays client-neutral).
 */
const REFUSALS: Record<string, () => string> = {
  floor_under_rugs: () => i18n.t('tweak.floorUnderRugs'),
};

const refusalOf = (body: unknown): string | undefined => {
  const code = errorBodySchema.safeParse(body).data?.code;
  return code !== undefined && Object.hasOwn(REFUSALS, code) ? REFUSALS[code]?.() : undefined;
};

/**
 * Reports a failed action call. The client has already handled 401 and 419; a 402 becomes the
 * "Buy more" notification (spec §8); a refusal with a code this app words itself, that wording;
 * anything else the answer's message (a field error first).
 */
export function reportActionError(error: unknown, notEnoughCredits: () => void): void {
  if (!(error instanceof ApiError)) throw error;
  if (error.status === 401 || error.status === 419) return;
  if (error.status === 402) {
    notEnoughCredits();
    return;
  }
  const fieldError = Object.values(error.errors ?? {})[0]?.[0];
  notify('negative', fieldError ?? refusalOf(error.body) ?? error.message);
}

/** The "You do not have enough credits" notification with its "Buy more" action (spec §5, §8). */
export function useNotEnoughCredits(): () => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { creditsHref } = useEditorPorts();
  return () =>
    void notify('negative', t('messages.notEnoughCredits'), {
      label: t('tweak.buyMore'),
      onClick: () => void navigate(creditsHref),
    });
}
