import type { ReactNode } from 'react';
import classes from './design-workspace.module.css';

interface DesignWorkspaceProps {
  /** Names the sidebar for assistive technology: the step's sidebar title. */
  sidebarLabel: string;
  /** null: the step has no sidebar on this screen (the tweak step on mobile has its drawer). */
  sidebar: ReactNode;
  children: ReactNode;
}

/**
 * The design flow's layout (spec §2): the step's main area with a persistent 456 px sidebar on
 * the right on desktop; below 1024 px the sidebar's content follows the main area inline.
 */
export function DesignWorkspace({ sidebarLabel, sidebar, children }: DesignWorkspaceProps) {
  return (
    <div className={classes.workspace}>
      <section className={classes.main}>{children}</section>
      {sidebar === null ? null : (
        <aside className={classes.sidebar} aria-label={sidebarLabel}>
          <div className={classes.sidebarContent}>{sidebar}</div>
        </aside>
      )}
    </div>
  );
}
