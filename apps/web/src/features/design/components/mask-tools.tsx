import { Button, Group, SegmentedControl, Slider, Stack, Text } from '@mantine/core';
import { IconEye, IconEyeOff, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BRUSH_MAX, BRUSH_MIN } from '../model/mask';
import { useEditorStore } from '../store/editor-store';

/**
 * The mask tools (spec §2): selection type (automatic or manual), the brush's size (1–10), add or
 * erase, Clear, and "Hide selection" / "Show selection".
 */
export function MaskTools() {
  const { t } = useTranslation();
  const mask = useEditorStore((state) => state.mask);
  const brushSize = useEditorStore((state) => state.tweak.brushSize);
  const setMask = useEditorStore((state) => state.setMask);
  const setBrushSize = useEditorStore((state) => state.setBrushSize);
  const clearMask = useEditorStore((state) => state.clearMask);
  const setSelectionType = useEditorStore((state) => state.setSelectionType);
  const selection = mask.selection;

  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('tweak.selectionType')}
        </Text>
        <SegmentedControl
          fullWidth
          value={selection}
          // The mask stays: the brush touches up what the clicks selected, and clicks add to it.
          onChange={(value) => setSelectionType(value === 'automatic' ? 'automatic' : 'manual')}
          data={[
            { value: 'manual', label: t('tweak.manual') },
            { value: 'automatic', label: t('tweak.automatic') },
          ]}
        />
      </Stack>
      <Text size="xs" c="dimmed">
        {selection === 'automatic' ? t('tweak.automaticHint') : t('tweak.manualHint')}
      </Text>
      {selection === 'manual' ? (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('tweak.brushSize')}
          </Text>
          <Slider
            min={BRUSH_MIN}
            max={BRUSH_MAX}
            step={1}
            value={brushSize}
            onChange={setBrushSize}
            thumbLabel={t('tweak.brushSize')}
          />
        </Stack>
      ) : null}
      <SegmentedControl
        aria-label={t('tweak.brushMode')}
        value={mask.mode}
        onChange={(value) => setMask({ mode: value === 'erase' ? 'erase' : 'add' })}
        data={[
          { value: 'add', label: t('tweak.add') },
          {
            value: 'erase',
            label: selection === 'automatic' ? t('tweak.remove') : t('tweak.erase'),
          },
        ]}
      />
      <Group gap="xs" grow>
        <Button
          variant="default"
          leftSection={<IconTrash size={16} />}
          disabled={!mask.painted && mask.points.length === 0}
          onClick={clearMask}
        >
          {t('tweak.clear')}
        </Button>
        <Button
          variant="default"
          leftSection={mask.hidden ? <IconEye size={16} /> : <IconEyeOff size={16} />}
          onClick={() => setMask({ hidden: !mask.hidden })}
        >
          {mask.hidden ? t('tweak.showSelection') : t('tweak.hideSelection')}
        </Button>
      </Group>
    </Stack>
  );
}
