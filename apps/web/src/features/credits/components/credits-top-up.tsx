import { Alert, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowBackUp, IconCoins } from '@tabler/icons-react';
import type { CreditPackage } from '@roomcraft/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useStartCheckout } from '../api/start-checkout';
import { goToCheckoutUrl } from '../model/go-to-checkout';
import { creditsLabel } from '../model/credits-label';
import { rememberReturnTo } from '../model/return-to';
import { CheckoutOutcome } from './checkout-outcome';
import { CreditLedger } from './credit-ledger';
import { CreditPackages } from './credit-packages';

interface CreditsTopUpProps {
  availableCredits: number;
  /** The payment session named by `credits/:sessionId`. */
  sessionId?: string | undefined;
  /** The person came back from a cancelled checkout. */
  cancelled: boolean;
  /** Where "Back to your design" leads. */
  designHref: string;
  /** A checkout answered the balance; the toolbar shows it. */
  onBalance: (balance: number) => void;
}

/**
 * The credits (top-up) page of spec §2 and §5: the invitation, the outcome of a checkout, the
 * balance, the packages to buy, and the history of every credit.
 */
export function CreditsTopUp({
  availableCredits,
  sessionId,
  cancelled,
  designHref,
  onBalance,
}: CreditsTopUpProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const startCheckout = useStartCheckout();
  const [buying, setBuying] = useState<string | null>(null);

  const buy = async (item: CreditPackage) => {
    setBuying(item.id);
    try {
      const checkout = await startCheckout.mutateAsync(item.id);
      rememberReturnTo(designHref);
      goToCheckoutUrl(checkout.url, (path) => void navigate(path));
    } catch {
      // The client has reported the failure.
      setBuying(null);
    }
  };

  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Title order={1}>{t('credits.title')}</Title>
        <Text size="lg" c="dimmed" maw={560}>
          {t('credits.invitation')}
        </Text>
      </Stack>
      {sessionId !== undefined ? (
        <CheckoutOutcome key={sessionId} sessionId={sessionId} onBalance={onBalance} />
      ) : cancelled ? (
        <Alert color="gray" role="status">
          {t('credits.cancelledNotice')}
        </Alert>
      ) : null}
      <Card withBorder radius="lg" padding="lg">
        <Group gap="md" justify="space-between">
          <Group gap="md" wrap="nowrap">
            <ThemeIcon size={52} radius="xl" variant="light" aria-hidden>
              <IconCoins size={28} />
            </ThemeIcon>
            <div>
              <Text size="sm" c="dimmed">
                {t('credits.balance')}
              </Text>
              <Text fz={28} fw={600} ff="heading" data-testid="credits-balance">
                {creditsLabel(availableCredits)}
              </Text>
            </div>
          </Group>
          <Button
            component={Link}
            to={designHref}
            variant="default"
            leftSection={<IconArrowBackUp size={18} />}
          >
            {t('credits.backToDesign')}
          </Button>
        </Group>
      </Card>
      <CreditPackages onBuy={(item) => void buy(item)} buying={buying} />
      <CreditLedger />
    </Stack>
  );
}
