import { Select, Stack, TextInput } from '@mantine/core';
import { IconSquarePlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MaskTools } from '../components/mask-tools';
import { appendBudget, styleOf } from '../model/generate-form';
import { stylesFor } from '../model/tools';
import { useToolInputs } from '../store/editor-store';
import type { ToolPanelProps, WebTool } from './tool';

/** Spec §2 Add elements: the mask, a style and what to add. */
function AddElementsPanel({ config }: ToolPanelProps) {
  const { t } = useTranslation();
  const { spaceType, inputs, setInputs } = useToolInputs();
  return (
    <Stack gap="md">
      <MaskTools />
      <Select
        label={t('tweak.style')}
        placeholder={t('design.choose')}
        data={stylesFor(config, spaceType).map((style) => ({ value: style.id, label: style.name }))}
        value={inputs.style}
        onChange={(style) => setInputs({ style })}
      />
      <TextInput
        label={t('tweak.addPrompt')}
        placeholder={t('tweak.addPromptPlaceholder')}
        maxLength={500}
        value={inputs.prompt}
        onChange={(event) => setInputs({ prompt: event.currentTarget.value })}
      />
    </Stack>
  );
}

export const addElements: WebTool = {
  Icon: IconSquarePlus,
  Panel: AddElementsPanel,
  canGenerate: (inputs, maskPainted) => maskPainted && inputs.style !== null,
  toForm: (form, source) => {
    const style = styleOf(source);
    if (style !== null) form.append('design_style', style);
    const prompt = source.inputs.prompt.trim();
    if (prompt !== '') form.append('prompt', prompt);
    appendBudget(form, source.draft);
  },
};
