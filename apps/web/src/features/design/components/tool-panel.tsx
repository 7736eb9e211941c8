import { ActionIcon, Group, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { DesignConfig } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { actionName, type ToolId } from '../model/tools';
import { TOOLS } from '../tools/registry';
import { leaveActionFor } from './apply-changes';
import { DesignsSlider, GenerateButton } from './generate-button';
import { ToolIcon } from './tool-icon';
import classes from './tools-sidebar.module.css';

interface ToolPanelProps {
  action: ToolId;
  config: DesignConfig;
  creditsLabel: (count: number) => string;
  /** The mobile drawer shows the tool's name and the way back in its own bar. */
  headless?: boolean;
}

/** A tool's panel in the "All tools" sidebar (spec §2): a way back, its inputs, Generate. */
export function ToolPanel({ action, config, creditsLabel, headless }: ToolPanelProps) {
  const { t } = useTranslation();
  const { Panel } = TOOLS[action];
  const description = config.actions.find(({ id }) => id === action)?.description;
  return (
    <Stack gap="md" className={classes.panel}>
      {headless ? null : (
        <Group gap="sm" wrap="nowrap">
          <Tooltip label={t('tweak.backToTools')}>
            <ActionIcon
              variant="default"
              radius="xl"
              size="lg"
              aria-label={t('tweak.backToTools')}
              onClick={() => void leaveActionFor('none')}
            >
              <IconArrowLeft size={18} />
            </ActionIcon>
          </Tooltip>
          <ThemeIcon size={32} radius="md" variant="light">
            <ToolIcon action={action} size={18} />
          </ThemeIcon>
          <div>
            <Title order={2} size="h4">
              {actionName(action)}
            </Title>
            {description ? (
              <Text size="xs" c="dimmed">
                {description}
              </Text>
            ) : null}
          </div>
        </Group>
      )}
      <Panel config={config} />
      <div className={classes.generate}>
        <DesignsSlider action={action} />
        <GenerateButton action={action} creditsLabel={creditsLabel} />
      </div>
    </Stack>
  );
}
