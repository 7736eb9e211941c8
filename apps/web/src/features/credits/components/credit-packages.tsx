import {
  Alert,
  Badge,
  Button,
  Card,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconFlask, IconShieldCheck } from '@tabler/icons-react';
import { formatMoney, type CreditPackage } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { useCreditPackages } from '../api/get-packages';
import { creditsLabel } from '../model/credits-label';
import { pricePerCredit } from '../model/ledger-words';

interface CreditPackagesProps {
  onBuy: (item: CreditPackage) => void;
  /** The package whose checkout is being opened. */
  buying: string | null;
}

/** The operator's packages, the best value marked, and the payment reassurance (spec §1). */
export function CreditPackages({ onBuy, buying }: CreditPackagesProps) {
  const { t } = useTranslation();
  const packages = useCreditPackages();

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('credits.packagesTitle')}
      </Title>
      {packages.isError ? (
        <Alert color="red">{t('credits.packagesFailed')}</Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          {packages.data
            ? packages.data.data.map((item) => (
                <PackageCard
                  key={item.id}
                  item={item}
                  onBuy={() => onBuy(item)}
                  loading={buying === item.id}
                  disabled={buying !== null}
                />
              ))
            : [0, 1, 2].map((index) => <Skeleton key={index} h={190} radius="lg" />)}
        </SimpleGrid>
      )}
      <Text size="sm" c="dimmed" ta="center">
        <IconShieldCheck size={16} style={{ verticalAlign: '-3px', marginRight: 6 }} aria-hidden />
        {t('credits.reassurance')}
      </Text>
      {packages.data?.meta.provider === 'test' ? (
        <Alert variant="light" color="yellow" icon={<IconFlask size={18} />}>
          {t('credits.testModeNotice')}
        </Alert>
      ) : null}
    </Stack>
  );
}

function PackageCard({
  item,
  onBuy,
  loading,
  disabled,
}: {
  item: CreditPackage;
  onBuy: () => void;
  loading: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const price = formatMoney(item.price, item.currency);
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      style={item.best_value ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
      aria-label={creditsLabel(item.credits)}
    >
      <Stack gap={6} align="center" h="100%">
        <Badge variant={item.best_value ? 'filled' : 'transparent'} size="sm">
          {item.best_value ? t('credits.bestValue') : '\u00a0'}
        </Badge>
        <Text fz={26} fw={700} ff="heading">
          {creditsLabel(item.credits)}
        </Text>
        <Text fz="lg" fw={600}>
          {price}
        </Text>
        <Text size="xs" c="dimmed">
          {t('credits.perCredit', {
            price: pricePerCredit(item.price, item.credits, item.currency),
          })}
        </Text>
        <Button
          mt="auto"
          fullWidth
          variant={item.best_value ? 'filled' : 'light'}
          onClick={onBuy}
          loading={loading}
          disabled={disabled && !loading}
        >
          {t('credits.buy', { credits: creditsLabel(item.credits) })}
        </Button>
      </Stack>
    </Card>
  );
}
