import { Alert, Loader, Text } from '@mantine/core';
import {
  IconCircleCheck,
  IconCircleX,
  IconClockHour4,
  IconHelpCircle,
  IconReceiptRefund,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCheckout } from '../api/get-checkout';
import { ledgerQueryKey } from '../api/get-ledger';
import { creditsLabel } from '../model/credits-label';

/**
 * The outcome of a checkout on `credits/:sessionId` (paid, pending, cancelled, refunded, or not
 * found: unknown or someone else's), with the new balance, which it hands to the toolbar.
 */
export function CheckoutOutcome({
  sessionId,
  onBalance,
}: {
  sessionId: string;
  onBalance: (balance: number) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const checkout = useCheckout(sessionId);
  const status = checkout.data?.status;
  const balance = checkout.data?.available_credits;

  useEffect(() => {
    if (balance === undefined) return;
    onBalance(balance);
    void queryClient.invalidateQueries({ queryKey: ledgerQueryKey });
  }, [balance, status, onBalance, queryClient]);

  if (checkout.isPending)
    return <Loader size="sm" aria-label={t('credits.outcome.pendingTitle')} />;
  if (!checkout.data) {
    return (
      <Alert color="gray" icon={<IconHelpCircle />} title={t('credits.outcome.unknownTitle')}>
        {t('credits.outcome.unknownText')}
      </Alert>
    );
  }
  const { credits, available_credits: newBalance } = checkout.data;
  const look = {
    paid: { color: 'green', icon: <IconCircleCheck /> },
    pending: { color: 'blue', icon: <IconClockHour4 /> },
    cancelled: { color: 'gray', icon: <IconCircleX /> },
    refunded: { color: 'orange', icon: <IconReceiptRefund /> },
  }[checkout.data.status];
  return (
    <Alert
      color={look.color}
      icon={look.icon}
      title={t(`credits.outcome.${checkout.data.status}Title`)}
      role="status"
    >
      <Text size="sm">
        {t(`credits.outcome.${checkout.data.status}Text`, { credits: creditsLabel(credits) })}
      </Text>
      <Text size="sm" fw={600} mt={4}>
        {t('credits.outcome.newBalance', { balance: creditsLabel(newBalance) })}
      </Text>
    </Alert>
  );
}
