import { Button, Slider, Stack, Text } from '@mantine/core';
import { MAX_DESIGNS, MIN_DESIGNS } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { useGenerate } from '../hooks/use-generate';
import { costOf, takesQuantity, type ToolId } from '../model/tools';
import { useEditorStore } from '../store/editor-store';
import { canGenerate } from '../tools/registry';

/** Spec §5 Sliders: "Number of designs: 1 to 4, step 1", where the action takes a quantity. */
export function DesignsSlider({ action }: { action: ToolId }) {
  const { t } = useTranslation();
  const designs = useEditorStore((state) => state.tweak.desiredNumberOfDesigns);
  const setDesigns = useEditorStore((state) => state.setDesiredDesigns);
  if (!takesQuantity(action)) return null;
  const marks = Array.from({ length: MAX_DESIGNS - MIN_DESIGNS + 1 }, (_, index) => ({
    value: MIN_DESIGNS + index,
    label: String(MIN_DESIGNS + index),
  }));
  return (
    <Stack gap={4} pb="md">
      <Text size="sm" fw={500}>
        {t('tweak.numberOfDesigns')}
      </Text>
      <Slider
        min={MIN_DESIGNS}
        max={MAX_DESIGNS}
        step={1}
        marks={marks}
        value={designs}
        onChange={setDesigns}
        thumbLabel={t('tweak.numberOfDesigns')}
        mb={18}
      />
    </Stack>
  );
}

/**
 * The Generate button (spec §2): "Generate", or "Regenerate" once this tool has generated,
 * followed by the credit cost; enabled per spec §5 "Generate enabled when".
 */
export function GenerateButton({
  action,
  creditsLabel,
}: {
  action: ToolId;
  creditsLabel: (count: number) => string;
}) {
  const { t } = useTranslation();
  const designs = useEditorStore((state) => state.tweak.desiredNumberOfDesigns);
  const inputs = useEditorStore((state) => state.inputs);
  const painted = useEditorStore((state) => state.mask.painted);
  const regenerate = useEditorStore((state) => state.newlyGenerated);
  const generating = useEditorStore((state) => state.generating);
  const generate = useGenerate();
  const enabled = canGenerate(action, inputs, painted);

  return (
    <Button
      size="md"
      fullWidth
      disabled={!enabled}
      loading={generating}
      onClick={() => void generate()}
    >
      {regenerate ? t('tweak.regenerate') : t('tweak.generate')}
      <Text component="span" size="sm" fw={500} ml={8} opacity={0.85}>
        {creditsLabel(costOf(action, designs))}
      </Text>
    </Button>
  );
}
