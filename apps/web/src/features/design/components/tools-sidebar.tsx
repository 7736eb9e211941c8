import { Badge, Group, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import type { Action, DesignConfig } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { costPerDesign, type ToolId } from '../model/tools';
import { useEditorStore } from '../store/editor-store';
import { leaveActionFor } from './apply-changes';
import { ToolIcon } from './tool-icon';
import { ToolPanel } from './tool-panel';
import classes from './tools-sidebar.module.css';

interface ToolsSidebarProps {
  config: DesignConfig;
  /** "1 credit" or "{count} credits" (spec §9). */
  creditsLabel: (count: number) => string;
}

type Tool = Action & { id: ToolId };
export const isTool = (action: Action): action is Tool => action.id !== 'none';

function ToolEntry({
  tool,
  cost,
  highlighted,
}: {
  tool: Tool;
  cost: string;
  highlighted?: boolean;
}) {
  return (
    <UnstyledButton
      className={highlighted ? classes.assistant : classes.tool}
      aria-label={tool.name}
      onClick={() => void leaveActionFor(tool.id)}
    >
      <ThemeIcon size={36} radius="md" variant={highlighted ? 'filled' : 'light'}>
        <ToolIcon action={tool.id} size={20} />
      </ThemeIcon>
      <div>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" fw={600}>
            {tool.name}
          </Text>
          <Badge
            variant={highlighted ? 'filled' : 'light'}
            color="clay"
            size="md"
            radius="xl"
            tt="none"
          >
            {cost}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {tool.description}
        </Text>
      </div>
    </UnstyledButton>
  );
}

/**
 * The tool list of "All tools" (spec §2), the AI assistant set apart on top. Each tool shows what
 * one design costs; the Generate button shows the total for the number of designs chosen.
 */
export function ToolList({ config, creditsLabel }: ToolsSidebarProps) {
  const tools = config.actions.filter(isTool);
  const assistant = tools.find(({ id }) => id === 'ai_assistant');
  const costOf = (tool: Tool) => creditsLabel(costPerDesign(tool));
  return (
    <>
      {assistant === undefined ? null : (
        <ToolEntry tool={assistant} cost={costOf(assistant)} highlighted />
      )}
      <ul className={classes.tools}>
        {tools
          .filter(({ id }) => id !== 'ai_assistant')
          .map((tool) => (
            <li key={tool.id}>
              <ToolEntry tool={tool} cost={costOf(tool)} />
            </li>
          ))}
      </ul>
    </>
  );
}

/**
 * The tweak step's sidebar, "All tools" (spec §2): every tool with its icon, name, description
 * and what one design costs; a chosen tool opens its panel here.
 */
export function ToolsSidebar({ config, creditsLabel }: ToolsSidebarProps) {
  const { t } = useTranslation();
  const action = useEditorStore((state) => state.tweak.action);
  if (action !== 'none') {
    return <ToolPanel action={action} config={config} creditsLabel={creditsLabel} />;
  }
  return (
    <Stack gap="md">
      <Title order={2}>{t('design.allTools')}</Title>
      <ToolList config={config} creditsLabel={creditsLabel} />
    </Stack>
  );
}
