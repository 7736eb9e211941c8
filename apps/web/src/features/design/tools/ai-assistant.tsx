import { Stack, Text, Textarea } from '@mantine/core';
import { ACTION_LIST, generationCost } from '@roomcraft/contracts';
import { IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MaskTools } from '../components/mask-tools';
import { appendBudget, styleOf } from '../model/generate-form';
import { useEditorStore } from '../store/editor-store';
import type { WebTool } from './tool';

/** Spec §2 AI assistant: free-text instructions and a mask (issue 11: the mask is optional). */
function AssistantPanel() {
  const { t } = useTranslation();
  const prompt = useEditorStore((state) => state.inputs.prompt);
  const setInputs = useEditorStore((state) => state.setInputs);
  return (
    <Stack gap="md">
      <Textarea
        label={t('tweak.instructions')}
        placeholder={t('tweak.instructionsPlaceholder')}
        autosize
        minRows={3}
        maxLength={500}
        value={prompt}
        onChange={(event) => setInputs({ prompt: event.currentTarget.value })}
      />
      <Text size="sm" c="dimmed">
        {t('tweak.instructionsMaskHint')}
      </Text>
      <MaskTools />
    </Stack>
  );
}

export const aiAssistant: WebTool = {
  Icon: IconSparkles,
  Panel: AssistantPanel,
  // Issue 11: the assistant finds what the words name; a painted mask only narrows it.
  canGenerate: (inputs) => inputs.prompt.trim() !== '',
  toForm: (form, source) => {
    form.append('prompt', source.inputs.prompt.trim());
    const style = styleOf(source);
    if (style !== null) form.append('design_style', style);
    appendBudget(form, source.draft);
  },
  // Issue 11: it costs what the action it plans costs (wall paint: 1 credit), which only the
  // server knows from the words; the button shows the most (2 × designs).
  leastCost: (designs) =>
    Math.min(
      ...ACTION_LIST.filter((action) => action.id !== 'ai_assistant').map((action) =>
        generationCost(action.id, designs),
      ),
    ),
};
