import { Checkbox, Stack, Text } from '@mantine/core';
import { IconLayoutBoardSplit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useEditorPorts } from '../components/editor-ports';
import { useEditorStore } from '../store/editor-store';
import type { WebTool } from './tool';

/** Spec §2 Floors: a template library with upload; issue 10: rugs kept or replaced by choice. */
function FloorsPanel() {
  const { t } = useTranslation();
  const { FloorPicker, maxFileSize } = useEditorPorts();
  const texture = useEditorStore((state) => state.inputs.texture);
  const keepRugs = useEditorStore((state) => state.inputs.keepRugs);
  const setInputs = useEditorStore((state) => state.setInputs);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('tweak.floorsHint')}
      </Text>
      {/* Above the long library, so the choice is seen without scrolling past every template. */}
      <Checkbox
        label={t('tweak.keepRugs')}
        description={t('tweak.keepRugsHint')}
        checked={keepRugs}
        onChange={(event) => setInputs({ keepRugs: event.currentTarget.checked })}
      />
      <FloorPicker
        selectedId={texture?.id ?? null}
        onChange={(choice) => setInputs({ texture: choice })}
        maxFileSize={maxFileSize}
      />
    </Stack>
  );
}

export const floors: WebTool = {
  Icon: IconLayoutBoardSplit,
  Panel: FloorsPanel,
  canGenerate: (inputs) => inputs.texture !== null,
  toForm: (form, { inputs }) => {
    if (inputs.texture?.kind === 'url') form.append('texture_url', inputs.texture.url);
    if (inputs.texture?.kind === 'file') form.append('texture_image', inputs.texture.file);
    if (!inputs.keepRugs) form.append('rug', 'replace');
  },
};
