import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconRefresh } from '@tabler/icons-react';
import { i18n } from './i18n';

const MODAL_ID = 'page-expired';
let open = false;

/** 419 (spec §8): a dialog that only a reload dismisses; several expired answers show one. */
export function showPageExpired(): void {
  if (open) return;
  open = true;
  modals.open({
    modalId: MODAL_ID,
    title: i18n.t('pageExpired.title'),
    centered: true,
    withCloseButton: false,
    closeOnClickOutside: false,
    closeOnEscape: false,
    children: (
      <>
        <Text mb="lg">{i18n.t('messages.pageExpired')}</Text>
        <Group justify="flex-end">
          <Button
            leftSection={<IconRefresh size={18} />}
            onClick={() => {
              window.location.reload();
            }}
          >
            {i18n.t('pageExpired.reload')}
          </Button>
        </Group>
      </>
    ),
  });
}
