import { useState } from 'react';
import {
  ActionIcon,
  Button,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { useCreateShareLink, useRevokeShareLink, useShareLinks } from '../api/cart';

const absolute = (url: string) => new URL(url, window.location.origin).toString();

/**
 * Share a design's summary (spec §1): a new link to the read-only page, through the Web Share
 * API where the browser has it, and always copyable here, where the owner can also revoke links.
 */
export function ShareDesign({ designId, designName }: { designId: number; designName: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const links = useShareLinks(designId, opened);
  const create = useCreateShareLink(designId);
  const revoke = useRevokeShareLink(designId);

  async function share() {
    const link = await create.mutateAsync();
    setOpened(true);
    const url = absolute(link.url);
    if (typeof navigator.share === 'function') {
      // Dismissing the sheet is no error; the link stays listed to copy.
      await navigator.share({ title: designName, url }).catch(() => undefined);
    }
  }

  return (
    <>
      <Button
        variant="light"
        size="xs"
        leftSection={<IconShare size={14} />}
        loading={create.isPending}
        onClick={() => void share()}
      >
        {t('cart.share')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('cart.shareTitle', { name: designName })}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('cart.shareHint')}
          </Text>
          {(links.data ?? []).map((link) => (
            <Group key={link.id} gap="xs" wrap="nowrap" align="end">
              <TextInput
                readOnly
                value={absolute(link.url)}
                aria-label={t('cart.shareLink')}
                style={{ flex: 1 }}
                onFocus={(event) => event.currentTarget.select()}
              />
              <CopyButton value={absolute(link.url)}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? t('cart.copied') : t('cart.copy')}>
                    <ActionIcon
                      variant="light"
                      size="lg"
                      aria-label={t('cart.copy')}
                      onClick={copy}
                    >
                      {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
              <Button
                variant="subtle"
                color="red"
                size="sm"
                onClick={() =>
                  void revoke.mutateAsync(link.id).then(() => notify('positive', t('cart.revoked')))
                }
              >
                {t('cart.revoke')}
              </Button>
            </Group>
          ))}
          {links.data?.length === 0 ? <Text size="sm">{t('cart.noLinks')}</Text> : null}
        </Stack>
      </Modal>
    </>
  );
}
