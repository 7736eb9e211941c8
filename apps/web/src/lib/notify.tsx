import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleX,
  IconInfoCircle,
} from '@tabler/icons-react';
import { NOTIFICATION_DURATION_MS, STORAGE_PREFIX } from '@roomcraft/contracts';
import { z } from 'zod';
import { i18n } from './i18n';
import { readStored, removeStored, writeStored } from './storage';
import classes from './notify.module.css';

/** The notification kinds of spec §4. */
export type NotificationKind = 'positive' | 'negative' | 'warning' | 'info';

const appearance = {
  positive: { color: 'teal', Icon: IconCircleCheck },
  negative: { color: 'red', Icon: IconCircleX },
  warning: { color: 'yellow', Icon: IconAlertTriangle },
  info: { color: 'blue', Icon: IconInfoCircle },
} as const;

const shownNotificationSchema = z.object({
  kind: z.enum(['positive', 'negative', 'warning', 'info']),
  message: z.string(),
});
type ShownNotification = z.infer<typeof shownNotificationSchema>;

/** Notifications on screen, so that a deliberate page reload can carry them over. */
const onScreen = new Map<string, ShownNotification>();
const CARRY_KEY = `${STORAGE_PREFIX}.notifications`;
let sequence = 0;

function TimedMessage({ id, children }: { id: string; children: ReactNode }) {
  return (
    <>
      {children}
      <span
        className={classes.progress}
        style={{ animationDuration: `${NOTIFICATION_DURATION_MS}ms` }}
        onAnimationEnd={() => notifications.hide(id)}
        aria-hidden
      />
    </>
  );
}

/** A button inside a notification, e.g. "Buy more" leading to credits (spec §8). */
export interface NotificationAction {
  label: string;
  onClick: () => void;
}

/** The one notification helper: bottom-right, 5 s with a visible progress bar (spec §9). */
export function notify(
  kind: NotificationKind,
  message: string,
  action?: NotificationAction,
): string {
  sequence += 1;
  const id = `notification-${sequence}`;
  const { color, Icon } = appearance[kind];
  onScreen.set(id, { kind, message });
  notifications.show({
    id,
    color,
    icon: <Icon size={20} stroke={1.75} />,
    message: (
      <TimedMessage id={id}>
        {message}
        {action === undefined ? null : (
          <Button
            display="block"
            mt={6}
            size="compact-sm"
            variant="light"
            color={color}
            onClick={() => {
              notifications.hide(id);
              action.onClick();
            }}
          >
            {action.label}
          </Button>
        )}
      </TimedMessage>
    ),
    autoClose: false,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
    className: classes.notification,
    'data-kind': kind,
    onClose: () => onScreen.delete(id),
  });
  return id;
}

/** Keeps the visible notifications across a reload the app itself triggers (spec §2). */
export function carryNotificationsOverReload(): void {
  if (onScreen.size === 0) return;
  writeStored('session', CARRY_KEY, JSON.stringify([...onScreen.values()]));
}

/** Shows, once, what {@link carryNotificationsOverReload} kept. */
export function restoreCarriedNotifications(): void {
  const stored = readStored('session', CARRY_KEY);
  if (stored === null) return;
  removeStored('session', CARRY_KEY);
  let carried: unknown;
  try {
    carried = JSON.parse(stored);
  } catch {
    return;
  }
  const parsed = z.array(shownNotificationSchema).safeParse(carried);
  if (!parsed.success) return;
  for (const { kind, message } of parsed.data) notify(kind, message);
}
