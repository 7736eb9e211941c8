import { useEffect, useRef, useState, type RefObject } from 'react';
import { ActionIcon, Group, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { BREAKPOINTS, type DesignConfig } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { actionName, costPerDesign, type ToolId } from '../model/tools';
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

/** The CSS variable the notifications keep above (app/providers): the footer and the drawer. */
const BOTTOM_BARS_VAR = '--editor-bottom-bars';

/**
 * Publishes the height of the fixed footer and drawer, so notifications (spec §9: bottom-right)
 * stand above them instead of covering the actions.
 */
function useBottomBarsHeight(
  footer: RefObject<HTMLElement | null>,
  drawer: RefObject<HTMLElement | null>,
  drawerState: string,
) {
  useEffect(() => {
    const root = document.documentElement;
    const update = () => {
      const height = (footer.current?.offsetHeight ?? 0) + (drawer.current?.offsetHeight ?? 0);
      root.style.setProperty(BOTTOM_BARS_VAR, `${height}px`);
      // What the page scrolls into view (a focused "Add all to cart" in "In this design", a
      // control reached by Tab) lands above the bars, not under the open drawer.
      root.style.setProperty('scroll-padding-bottom', `${height}px`);
    };
    update();
    const observer = new ResizeObserver(update);
    for (const element of [footer.current, drawer.current]) if (element) observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(BOTTOM_BARS_VAR);
      root.style.removeProperty('scroll-padding-bottom');
    };
  }, [footer, drawer, drawerState]);
}

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

  // Spec §2: the selected action minimizes the dialog, or brings it back once minimized (the
  // tool stays chosen, so its mask is kept); another one is chosen after the current design is
  // confirmed.
  const tap = (tool: ToolId) => {
    if (tool === action) {
      setMinimized((value) => !value);
      return;
    }
    void leaveActionFor(tool).then((moved) => moved && setMinimized(false));
  };

  const drawer = action === 'none' ? 'none' : minimized ? 'minimized' : 'open';
  const footerRef = useRef<HTMLElement>(null);
  const drawerRef = useRef<HTMLElement>(null);
  useBottomBarsHeight(footerRef, drawerRef, drawer);
  return (
    <>
      {/* Keeps the end of the page scrollable above the fixed footer and drawer. */}
      <div className={classes.spacer} data-drawer={drawer} aria-hidden />
      {action === 'none' ? null : (
        <section
          ref={drawerRef}
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
      <nav ref={footerRef} className={classes.footer} aria-label={t('tweak.actions')}>
        {tools.map((tool) => {
          const cost = creditsLabel(costPerDesign(tool));
          return (
            <UnstyledButton
              key={tool.id}
              className={classes.action}
              data-assistant={tool.id === 'ai_assistant' || undefined}
              aria-pressed={tool.id === action}
              aria-label={`${tool.mobile_name}, ${cost}`}
              onClick={() => tap(tool.id)}
            >
              <span className={classes.actionIcon}>
                <ToolIcon action={tool.id} size={20} />
                <span className={classes.actionCost} aria-hidden>
                  {costPerDesign(tool)}
                </span>
              </span>
              <span className={classes.actionName}>{tool.mobile_name}</span>
            </UnstyledButton>
          );
        })}
      </nav>
    </>
  );
}
