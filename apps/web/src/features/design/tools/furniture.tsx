import { useEffect } from 'react';
import { Button, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconArmchair } from '@tabler/icons-react';
import type { FurnitureReplacementsRequest } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { useFurnitureReplacements } from '../api/get-furniture-replacements';
import { useEditorPorts } from '../components/editor-ports';
import { reportActionError, useNotEnoughCredits } from '../hooks/use-action-error';
import { appendBudget, appendOutline, styleOf } from '../model/generate-form';
import { useEditorStore } from '../store/editor-store';
import type { WebTool } from './tool';

/** What "Load options" asks for: the chosen element's replacements, once asked for. */
function useReplacementsRequest(): FurnitureReplacementsRequest | null {
  const draft = useEditorStore((state) => state.draft);
  const { element: chosen, optionsFor, style } = useEditorStore((state) => state.inputs);
  const element = chosen === null ? undefined : draft.space_elements[chosen];
  if (element === undefined || optionsFor !== chosen) return null;
  return {
    furniture: element.label,
    budget_min: draft.budget_min,
    budget_max: draft.budget_max,
    design_style: style ?? undefined,
    space_type: draft.space_type || undefined,
  };
}

/**
 * Spec §2 Change furniture: the element is chosen on the photo or in its list; "Load options"
 * asks for the catalogue's replacements, then one is picked (and a colour on its card).
 */
function FurniturePanel() {
  const { t } = useTranslation();
  const { ReplacementPicker } = useEditorPorts();
  const notEnoughCredits = useNotEnoughCredits();
  const elements = useEditorStore((state) => state.draft.space_elements);
  const inputs = useEditorStore((state) => state.inputs);
  const pointsShown = useEditorStore((state) => state.selectionPoints);
  const setSelectionPoints = useEditorStore((state) => state.setSelectionPoints);
  const setInputs = useEditorStore((state) => state.setInputs);
  const replacements = useFurnitureReplacements(useReplacementsRequest());
  const element = inputs.element === null ? undefined : elements[inputs.element];
  const products = inputs.optionsFor === inputs.element ? replacements.data : undefined;

  // A failed request is reported once, and "Load options" can ask again.
  const failure = replacements.error;
  useEffect(() => {
    if (failure === null) return;
    reportActionError(failure, notEnoughCredits);
    useEditorStore.getState().setInputs({ optionsFor: null });
    // notEnoughCredits is a new function on every render; the report follows the failure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failure]);

  return (
    <Stack gap="md">
      <SegmentedControl
        value={pointsShown ? 'points' : 'empty'}
        onChange={(value) => setSelectionPoints(value === 'points')}
        data={[
          { value: 'points', label: t('tweak.selectionPoints') },
          { value: 'empty', label: t('tweak.emptyImage') },
        ]}
      />
      {elements.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('tweak.noElements')}
        </Text>
      ) : (
        <Text size="sm" c={element ? undefined : 'dimmed'} fw={element ? 600 : undefined}>
          {element ? element.label : t('tweak.chooseElement')}
        </Text>
      )}
      <Button
        variant="light"
        disabled={element === undefined || products !== undefined}
        loading={replacements.isFetching}
        onClick={() => setInputs({ optionsFor: inputs.element })}
      >
        {t('tweak.loadOptions')}
      </Button>
      {products === undefined ? null : products.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('tweak.noReplacements')}
        </Text>
      ) : (
        <ReplacementPicker
          products={products}
          selectedId={inputs.replacement?.id ?? null}
          onSelect={(replacement) => setInputs({ replacement, replacementColour: null })}
          selectedColour={inputs.replacementColour}
          onColourSelect={(replacementColour) => setInputs({ replacementColour })}
        />
      )}
    </Stack>
  );
}

export const furniture: WebTool = {
  Icon: IconArmchair,
  Panel: FurniturePanel,
  canGenerate: (inputs) => inputs.element !== null && inputs.replacement !== null,
  toForm: (form, source) => {
    const { inputs, draft } = source;
    const element = inputs.element === null ? undefined : draft.space_elements[inputs.element];
    if (element !== undefined) {
      form.append('furniture', element.label);
      appendOutline(form, element);
    }
    if (inputs.replacement !== null) form.append('product_id', inputs.replacement.id);
    if (inputs.replacementColour !== null) form.append('color', inputs.replacementColour);
    const style = styleOf(source);
    if (style !== null) form.append('design_style', style);
    appendBudget(form, draft);
  },
};
