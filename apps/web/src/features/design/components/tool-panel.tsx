import type { ReactNode } from 'react';
import { ActionIcon, Group, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { DesignConfig } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { actionName, type ToolId } from '../model/tools';
import { leaveActionFor } from './apply-changes';
import { DesignsSlider, GenerateButton } from './generate-button';
import { MaskTools } from './mask-tools';
import {
  AddElementsPanel,
  AssistantPanel,
  FloorsPanel,
  FurniturePanel,
  MaterialPanel,
  PaintPanel,
  StylePanel,
} from './tool-panels';
import { ToolIcon } from './tool-icon';
import classes from './tools-sidebar.module.css';

function panelOf(action: ToolId, config: DesignConfig): ReactNode {
  switch (action) {
    case 'architectural_style':
      return <StylePanel config={config} />;
    case 'paints':
      return <PaintPanel />;
    case 'floors':
      return <FloorsPanel />;
    case 'add_elements':
      return <AddElementsPanel config={config} />;
    case 'remove_elements':
      return <MaskTools />;
    case 'change_material':
      return <MaterialPanel config={config} />;
    case 'furniture':
      return <FurniturePanel />;
    case 'ai_assistant':
      return <AssistantPanel />;
  }
}

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
      {panelOf(action, config)}
      <div className={classes.generate}>
        <DesignsSlider action={action} />
        <GenerateButton action={action} creditsLabel={creditsLabel} />
      </div>
    </Stack>
  );
}
