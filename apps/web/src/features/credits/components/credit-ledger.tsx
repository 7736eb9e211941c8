import { Group, Pagination, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLedger } from '../api/get-ledger';
import { describeLedgerEntry, formatCreditChange, formatLedgerDate } from '../model/ledger-words';

/** The person's credit history, newest first, a page at a time: where every credit went. */
export function CreditLedger() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const ledger = useLedger(page);
  const lastPage = ledger.data?.meta.last_page ?? 1;

  return (
    <Stack gap="sm">
      <div>
        <Title order={2} size="h3">
          {t('credits.ledger.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('credits.ledger.intro')}
        </Text>
      </div>
      {ledger.data === undefined ? (
        <Skeleton h={160} radius="md" />
      ) : ledger.data.data.length === 0 ? (
        <Text c="dimmed">{t('credits.ledger.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table
            verticalSpacing="sm"
            striped
            highlightOnHover
            aria-label={t('credits.ledger.title')}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th visibleFrom="sm">{t('credits.ledger.date')}</Table.Th>
                <Table.Th>{t('credits.ledger.what')}</Table.Th>
                <Table.Th ta="right">{t('credits.ledger.change')}</Table.Th>
                <Table.Th ta="right">{t('credits.ledger.balanceAfter')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ledger.data.data.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td visibleFrom="sm" c="dimmed" fz="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatLedgerDate(entry.at)}
                  </Table.Td>
                  <Table.Td>
                    {describeLedgerEntry(entry)}
                    {/* A phone has no room for a date column; the date goes under the words. */}
                    <Text hiddenFrom="sm" size="xs" c="dimmed">
                      {formatLedgerDate(entry.at)}
                    </Text>
                  </Table.Td>
                  <Table.Td
                    ta="right"
                    fw={600}
                    c={entry.delta > 0 ? 'green.8' : entry.delta < 0 ? 'red.8' : undefined}
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {formatCreditChange(entry.delta)}
                  </Table.Td>
                  <Table.Td ta="right">{entry.balance_after}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {lastPage > 1 ? (
        <Group justify="center">
          <Pagination
            total={lastPage}
            value={page}
            onChange={setPage}
            size="sm"
            aria-label={t('credits.ledger.pages')}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
