import { useState } from 'react';
import { Button, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconCookie } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { acceptCookieNotice, isCookieNoticeAccepted } from '../model/cookie-notice-flag';
import classes from './cookie-notice.module.css';

/** The cookie notice of spec §1: only necessary cookies; continuing counts as consent. */
export function CookieNotice() {
  const { t } = useTranslation();
  const [accepted, setAccepted] = useState(isCookieNoticeAccepted);
  if (accepted) return null;

  return (
    <Paper
      className={classes.notice}
      shadow="lg"
      radius="lg"
      p="md"
      role="region"
      aria-label={t('cookieNotice.label')}
    >
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <ThemeIcon variant="light" radius="xl" size="lg" aria-hidden>
          <IconCookie size={20} />
        </ThemeIcon>
        <Text size="sm">{t('cookieNotice.text')}</Text>
      </Group>
      <Group justify="flex-end" mt="sm">
        <Button
          size="xs"
          onClick={() => {
            acceptCookieNotice();
            setAccepted(true);
          }}
        >
          {t('cookieNotice.accept')}
        </Button>
      </Group>
    </Paper>
  );
}
