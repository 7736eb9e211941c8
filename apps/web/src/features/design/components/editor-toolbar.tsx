import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconDeviceFloppy,
  IconFilePlus,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { selectCanRedo, selectCanSave, selectCanUndo, useEditorStore } from '../store/editor-store';

interface EditorToolbarProps {
  onSave: () => void;
  onNewDesign: () => void;
  /** Icons only, for narrow screens. */
  compact: boolean;
}

function ToolbarIcon({
  label,
  icon: Glyph,
  compact,
  ...props
}: {
  label: string;
  icon: Icon;
  compact: boolean;
  disabled?: boolean;
  loading?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="default"
        size={compact ? 'md' : 'lg'}
        radius="xl"
        aria-label={label}
        {...props}
      >
        <Glyph size={compact ? 16 : 18} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The editor's toolbar buttons (spec §2, main layout): undo, redo, save design, new design. */
export function EditorToolbar({ onSave, onNewDesign, compact }: EditorToolbarProps) {
  const { t } = useTranslation();
  const canUndo = useEditorStore(selectCanUndo);
  const canRedo = useEditorStore(selectCanRedo);
  const canSave = useEditorStore(selectCanSave);
  const saving = useEditorStore((state) => state.saving);
  const undo = useEditorStore((state) => state.undo);
  const redo = useEditorStore((state) => state.redo);

  return (
    <Group gap={compact ? 4 : 'xs'} wrap="nowrap">
      <ToolbarIcon
        label={t('design.undo')}
        icon={IconArrowBackUp}
        compact={compact}
        disabled={!canUndo}
        onClick={undo}
      />
      <ToolbarIcon
        label={t('design.redo')}
        icon={IconArrowForwardUp}
        compact={compact}
        disabled={!canRedo}
        onClick={redo}
      />
      <ToolbarIcon
        label={t('design.newDesign')}
        icon={IconFilePlus}
        compact={compact}
        onClick={onNewDesign}
      />
      {compact ? (
        <ToolbarIcon
          label={t('design.save')}
          icon={IconDeviceFloppy}
          compact
          disabled={!canSave}
          loading={saving}
          onClick={onSave}
        />
      ) : (
        <Button
          leftSection={<IconDeviceFloppy size={18} />}
          disabled={!canSave}
          loading={saving}
          onClick={onSave}
        >
          {t('design.save')}
        </Button>
      )}
    </Group>
  );
}
