import {
  Alert,
  Badge,
  Button,
  Card,
  Flex,
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
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
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
            : [0, 1, 2].map((index) => (
                <Skeleton key={index} h={{ base: 96, sm: 190 }} radius="lg" />
              ))}
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
  const label = t('credits.buy', { credits: creditsLabel(item.credits) });
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      style={item.best_value ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
      aria-label={creditsLabel(item.credits)}
    >
      {/* A row on a phone, a column beside its neighbours on wider screens. */}
      <Flex
        direction={{ base: 'row', sm: 'column' }}
        align="center"
        justify="space-between"
        gap={{ base: 'md', sm: 6 }}
        h="100%"
      >
        <Stack gap={2} align="center" style={{ flex: '0 1 auto' }}>
          {item.best_value ? (
            <Badge size="sm">{t('credits.bestValue')}</Badge>
          ) : (
            // Keeps the columns' credits level on wide screens; a phone's rows need no filler.
            <Badge size="sm" variant="transparent" visibleFrom="sm" aria-hidden>
              {'\u00a0'}
            </Badge>
          )}
          <Text fz={{ base: 22, sm: 26 }} fw={700} ff="heading" style={{ whiteSpace: 'nowrap' }}>
            {creditsLabel(item.credits)}
          </Text>
        </Stack>
        <Stack gap={0} align="center">
          <Text fz="lg" fw={600}>
            {price}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('credits.perCredit', {
              price: pricePerCredit(item.price, item.credits, item.currency),
            })}
          </Text>
        </Stack>
        <Button
          mt={{ base: 0, sm: 'xs' }}
          w={{ base: 'auto', sm: '100%' }}
          variant={item.best_value ? 'filled' : 'light'}
          onClick={onBuy}
          loading={loading}
          disabled={disabled && !loading}
          aria-label={label}
        >
          {t('credits.buyShort')}
        </Button>
      </Flex>
    </Card>
  );
}
