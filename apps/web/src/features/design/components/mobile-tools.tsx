import { useEffect, useState } from 'react';
import { ActionIcon, Group, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { BREAKPOINTS, type DesignConfig } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { actionName, type ToolId } from '../model/tools';
import { useEditorStore } from '../store/editor-store';
import { leaveActionFor } from './apply-changes';
import { ToolIcon } from './tool-icon';
import { ToolPanel } from './tool-panel';
import { isTool } from './tools-sidebar';
import classes from './mobile-tools.module.css';

interface MobileToolsProps {
  config: DesignConfig;
  creditsLabel: (count: number) => string;
}

/** Spec §9 screen classes: xs is below 600 px. */
const XS_QUERY = `(max-width: ${BREAKPOINTS.sm - 0.02}px)`;

/**
 * The tweak step on mobile (spec §2): a 56 px footer listing the actions by their mobile names,
 * and a drawer above it holding the chosen action's panel, which can be minimized.
 */
export function MobileTools({ config, creditsLabel }: MobileToolsProps) {
  const { t } = useTranslation();
  const action = useEditorStore((state) => state.tweak.action);
  const isXs = useMediaQuery(XS_QUERY, false, { getInitialValueInEffect: false });
  const [minimized, setMinimized] = useState(false);
  const tools = config.actions.filter(isTool);

  // Spec §4: after a successful generation the sidebar closes on extra-small screens.
  useEffect(() => {
    if (!isXs) return;
    return useEditorStore.subscribe((state, previous) => {
      const generatedNow =
        state.newlyGenerated && state.draft.generated_images !== previous.draft.generated_images;
      if (generatedNow) setMinimized(true);
    });
  }, [isXs]);

  // Spec §2: the selected action minimizes, or goes back once minimized; another one is chosen
  // after the current design is confirmed.
  const tap = (tool: ToolId) => {
    if (tool === action) {
      if (minimized) void leaveActionFor('none');
      else setMinimized(true);
      return;
    }
    void leaveActionFor(tool).then((moved) => moved && setMinimized(false));
  };

  const drawer = action === 'none' ? 'none' : minimized ? 'minimized' : 'open';
  return (
    <>
      {/* Keeps the end of the page scrollable above the fixed footer and drawer. */}
      <div className={classes.spacer} data-drawer={drawer} aria-hidden />
      {action === 'none' ? null : (
        <section
          className={classes.drawer}
          data-minimized={minimized || undefined}
          aria-label={actionName(action)}
        >
          <Group justify="space-between" wrap="nowrap" className={classes.drawerBar}>
            <Group gap="xs" wrap="nowrap">
              <ActionIcon
                variant="subtle"
                color="sand.8"
                aria-label={t('tweak.backToTools')}
                onClick={() => void leaveActionFor('none')}
              >
                <IconArrowLeft size={18} />
              </ActionIcon>
              <Text fw={600} size="sm">
                {actionName(action)}
              </Text>
            </Group>
            <ActionIcon
              variant="subtle"
              color="sand.8"
              aria-label={minimized ? t('tweak.expand') : t('tweak.minimize')}
              onClick={() => setMinimized((value) => !value)}
            >
              {minimized ? <IconChevronUp size={18} /> : <IconChevronDown size={18} />}
            </ActionIcon>
          </Group>
          {minimized ? null : (
            <div className={classes.drawerBody}>
              <ToolPanel action={action} config={config} creditsLabel={creditsLabel} headless />
            </div>
          )}
        </section>
      )}
      <nav className={classes.footer} aria-label={t('tweak.actions')}>
        {tools.map((tool) => (
          <UnstyledButton
            key={tool.id}
            className={classes.action}
            data-assistant={tool.id === 'ai_assistant' || undefined}
            aria-pressed={tool.id === action}
            onClick={() => tap(tool.id)}
          >
            <ToolIcon action={tool.id} size={20} />
            <span className={classes.actionName}>{tool.mobile_name}</span>
          </UnstyledButton>
        ))}
      </nav>
    </>
  );
}
