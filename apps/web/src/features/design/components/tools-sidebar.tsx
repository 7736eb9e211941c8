import { Badge, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { actionCost, type Action, type ActionId } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { useEditorStore } from '../store/editor-store';
import { ToolIcon } from './tool-icon';
import classes from './tools-sidebar.module.css';

interface ToolsSidebarProps {
  actions: readonly Action[];
  /** "1 credit" or "{count} credits" (spec §9). */
  creditsLabel: (count: number) => string;
}

type Tool = Action & { id: Exclude<ActionId, 'none'> };
const isTool = (action: Action): action is Tool => action.id !== 'none';

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
    <div className={highlighted ? classes.assistant : classes.tool}>
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
    </div>
  );
}

/**
 * The tweak step's sidebar, "All tools" (spec §2): every tool with its icon, name, description
 * and what it costs at the chosen number of designs, and the AI assistant set apart on top.
 */
export function ToolsSidebar({ actions, creditsLabel }: ToolsSidebarProps) {
  const { t } = useTranslation();
  const designs = useEditorStore((state) => state.tweak.desiredNumberOfDesigns);
  const tools = actions.filter(isTool);
  const assistant = tools.find(({ id }) => id === 'ai_assistant');
  const costOf = (tool: Tool) => creditsLabel(actionCost(tool, designs));

  return (
    <Stack gap="md">
      <Title order={2}>{t('design.allTools')}</Title>
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
    </Stack>
  );
}
