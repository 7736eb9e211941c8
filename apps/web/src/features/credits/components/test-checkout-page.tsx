import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { formatMoney } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSettleTestCheckout, useTestCheckout } from '../api/test-checkout';
import { creditsLabel } from '../model/credits-label';
import { goToCheckoutUrl } from '../model/go-to-checkout';

/**
 * The test-mode provider's checkout page: it says plainly that no money is taken, and Pay or
 * Cancel settle the session as a real provider's page would, then return to the app.
 */
export function TestCheckoutPage({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const checkout = useTestCheckout(sessionId);
  const settle = useSettleTestCheckout(sessionId);

  const finish = async (outcome: 'pay' | 'cancel') => {
    try {
      const session = await settle.mutateAsync(outcome);
      const url = session.status === 'paid' ? session.success_url : session.cancel_url;
      goToCheckoutUrl(url, (path) => void navigate(path, { replace: true }));
    } catch {
      // The client has reported the failure; the buttons stay for another try.
    }
  };

  if (checkout.isPending) return <Loader mx="auto" display="block" />;
  if (!checkout.data) return <Alert color="gray">{t('testCheckout.notFound')}</Alert>;
  const session = checkout.data;
  const price = formatMoney(session.price, session.currency);
  return (
    <Card withBorder radius="lg" padding="xl" maw={480} mx="auto" w="100%">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={1} size="h2">
            {t('testCheckout.heading')}
          </Title>
          <Badge color="yellow" variant="filled" leftSection={<IconFlask size={14} />}>
            {t('testCheckout.badge')}
          </Badge>
        </Group>
        <Alert color="yellow" variant="light">
          {t('testCheckout.notice')}
        </Alert>
        <Text fz="lg" fw={600}>
          {t('testCheckout.item', { credits: creditsLabel(session.credits), price })}
        </Text>
        {session.status === 'open' ? (
          <Group grow>
            <Button
              variant="default"
              onClick={() => void finish('cancel')}
              disabled={settle.isPending}
            >
              {t('testCheckout.cancel')}
            </Button>
            <Button onClick={() => void finish('pay')} loading={settle.isPending}>
              {t('testCheckout.pay', { price })}
            </Button>
          </Group>
        ) : (
          <>
            <Text c="dimmed">
              {t(session.status === 'paid' ? 'testCheckout.paid' : 'testCheckout.cancelled')}
            </Text>
            <Button
              onClick={() =>
                goToCheckoutUrl(
                  session.status === 'paid' ? session.success_url : session.cancel_url,
                  (path) => void navigate(path, { replace: true }),
                )
              }
            >
              {t('testCheckout.continue')}
            </Button>
          </>
        )}
      </Stack>
    </Card>
  );
}
