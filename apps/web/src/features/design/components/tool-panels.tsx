import { useState } from 'react';
import {
  Button,
  Chip,
  ColorSwatch,
  Group,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconCheck, IconChevronLeft, IconPalette } from '@tabler/icons-react';
import type { DesignConfig } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { getFurnitureReplacements } from '../api/actions';
import { reportActionError, useNotEnoughCredits } from '../hooks/use-generate';
import { WALL_SPACES } from '../model/tools';
import { useEditorStore } from '../store/editor-store';
import { useEditorPorts } from './editor-ports';
import { MaskTools } from './mask-tools';
import classes from './tools-sidebar.module.css';

/** The styles offered for the design's space type (spec §2: they may be restricted by it). */
export function stylesFor(config: DesignConfig, spaceType: string) {
  return config.styles.filter(
    (style) => style.space_types.length === 0 || style.space_types.includes(spaceType),
  );
}

/** Spec §2 Architectural style: a choice of style images, each with a name; the design mode. */
export function StylePanel({ config }: { config: DesignConfig }) {
  const { t } = useTranslation();
  const spaceType = useEditorStore((state) => state.draft.space_type);
  const inputs = useEditorStore((state) => state.inputs);
  const setInputs = useEditorStore((state) => state.setInputs);

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('tweak.styleHint')}
      </Text>
      <SimpleGrid cols={2} spacing="xs" role="radiogroup" aria-label={t('tweak.style')}>
        {stylesFor(config, spaceType).map((style) => (
          <UnstyledButton
            key={style.id}
            className={classes.styleCard}
            role="radio"
            aria-checked={inputs.style === style.id}
            aria-label={style.name}
            onClick={() => setInputs({ style: inputs.style === style.id ? null : style.id })}
          >
            {style.preview_url ? (
              <img className={classes.stylePreview} src={style.preview_url} alt="" />
            ) : (
              <span className={classes.stylePalette} aria-hidden>
                {style.palette.map((hex) => (
                  <span key={hex} style={{ background: hex }} />
                ))}
              </span>
            )}
            <Text component="span" size="sm" fw={600} className={classes.styleName}>
              {style.name}
            </Text>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <Select
        label={t('tweak.designMode')}
        placeholder={t('design.choose')}
        clearable
        data={config.modes.map((mode) => ({ value: mode.id, label: mode.name }))}
        value={inputs.designMode}
        onChange={(designMode) => setInputs({ designMode })}
      />
    </Stack>
  );
}

/**
 * Spec §2 Wall paint, two steps: the mask with the spaces (Right wall, Front wall, Left wall,
 * Ceiling), then "Choose color" leads to the colour library; going back returns to the mask.
 */
export function PaintPanel() {
  const { t } = useTranslation();
  const { ColourPicker, maxFileSize } = useEditorPorts();
  const inputs = useEditorStore((state) => state.inputs);
  const setInputs = useEditorStore((state) => state.setInputs);

  // The overlay shows the chosen surfaces' masks (asked of the server by name, see MaskCanvas).
  const chooseSpaces = (values: string[]) => {
    const spaces = WALL_SPACES.filter((space) => values.includes(space));
    setInputs({ wallSpaces: spaces });
    if (spaces.length === 0) useEditorStore.getState().clearMask();
  };

  if (inputs.paintStep === 'colour') {
    return (
      <Stack gap="md">
        <Button
          variant="subtle"
          color="sand.8"
          px={0}
          leftSection={<IconChevronLeft size={16} />}
          onClick={() => setInputs({ paintStep: 'mask' })}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('tweak.backToMask')}
        </Button>
        <ColourPicker
          selectedId={inputs.colour?.id ?? null}
          onChange={(colour) => setInputs({ colour })}
          maxFileSize={maxFileSize}
        />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <MaskTools />
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {t('tweak.spaces')}
        </Text>
        <Chip.Group multiple value={inputs.wallSpaces} onChange={chooseSpaces}>
          <Group gap={6}>
            {WALL_SPACES.map((space) => (
              <Chip key={space} value={space} size="sm" variant="light">
                {space}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Stack>
      <Button
        variant="light"
        leftSection={<IconPalette size={18} />}
        onClick={() => setInputs({ paintStep: 'colour' })}
      >
        {t('tweak.chooseColor')}
      </Button>
      {inputs.colour ? <ChosenColour /> : null}
    </Stack>
  );
}

function ChosenColour() {
  const colour = useEditorStore((state) => state.inputs.colour);
  if (colour === null) return null;
  return (
    <Group gap="xs">
      {colour.kind === 'hex' ? (
        <ColorSwatch color={colour.hex} size={20} />
      ) : (
        <img src={colour.url} alt="" width={20} height={20} style={{ borderRadius: 4 }} />
      )}
      <Text size="sm">{colour.name}</Text>
    </Group>
  );
}

/** Spec §2 Floors: a template library with upload. */
export function FloorsPanel() {
  const { t } = useTranslation();
  const { FloorPicker, maxFileSize } = useEditorPorts();
  const texture = useEditorStore((state) => state.inputs.texture);
  const setInputs = useEditorStore((state) => state.setInputs);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('tweak.floorsHint')}
      </Text>
      <FloorPicker
        selectedId={texture?.id ?? null}
        onChange={(choice) => setInputs({ texture: choice })}
        maxFileSize={maxFileSize}
      />
    </Stack>
  );
}

/** Spec §2 Add elements: the mask, a style and what to add. */
export function AddElementsPanel({ config }: { config: DesignConfig }) {
  const { t } = useTranslation();
  const spaceType = useEditorStore((state) => state.draft.space_type);
  const inputs = useEditorStore((state) => state.inputs);
  const setInputs = useEditorStore((state) => state.setInputs);
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

/** Spec §2 AI assistant: free-text instructions and a mask. */
export function AssistantPanel() {
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
      <MaskTools />
    </Stack>
  );
}

/**
 * Spec §2 Material change: the mask, a colour, and the material with its type (hint "Select
 * material"), also chosen in the "Select material" dialog. Changing the type clears the material.
 */
export function MaterialPanel({ config }: { config: DesignConfig }) {
  const { t } = useTranslation();
  const spaceType = useEditorStore((state) => state.draft.space_type);
  const inputs = useEditorStore((state) => state.inputs);
  const setInputs = useEditorStore((state) => state.setInputs);
  const [dialog, setDialog] = useState(false);
  const space = config.spaces.find(({ type }) => type === spaceType) ?? config.spaces[0];
  const types = space ? space.material_types : {};
  const materials = inputs.materialType === null ? [] : (types[inputs.materialType] ?? []);

  return (
    <Stack gap="md">
      <MaskTools />
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {t('tweak.colour')}
        </Text>
        <Group gap={8} role="radiogroup" aria-label={t('tweak.colour')}>
          {(space?.colors ?? []).map((colour) => {
            const picked = inputs.colour?.kind === 'hex' && inputs.colour.hex === colour.hex;
            return (
              <Tooltip key={colour.hex} label={colour.name} withArrow>
                <ColorSwatch
                  component="button"
                  type="button"
                  color={colour.hex}
                  size={30}
                  role="radio"
                  aria-checked={picked}
                  aria-label={colour.name}
                  onClick={() =>
                    setInputs({
                      colour: picked
                        ? null
                        : { kind: 'hex', id: colour.hex, name: colour.name, hex: colour.hex },
                    })
                  }
                  style={{ cursor: 'pointer' }}
                >
                  {picked ? <IconCheck size={14} color="white" stroke={3} /> : null}
                </ColorSwatch>
              </Tooltip>
            );
          })}
        </Group>
      </Stack>
      <Select
        label={t('tweak.materialType')}
        placeholder={t('tweak.selectMaterialType')}
        clearable
        data={Object.keys(types)}
        value={inputs.materialType}
        onChange={(materialType) => setInputs({ materialType, material: null })}
      />
      <Select
        label={t('tweak.material')}
        placeholder={t('tweak.selectMaterial')}
        clearable
        disabled={inputs.materialType === null}
        data={materials}
        value={inputs.material}
        onChange={(material) => setInputs({ material })}
      />
      <Button variant="default" onClick={() => setDialog(true)}>
        {t('tweak.selectMaterial')}
      </Button>
      <Modal opened={dialog} onClose={() => setDialog(false)} title={t('tweak.selectMaterial')}>
        <Stack gap="md">
          {Object.entries(types).map(([type, names]) => (
            <Stack key={type} gap={6}>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                {type}
              </Text>
              <Group gap={6}>
                {names.map((name) => (
                  <Button
                    key={name}
                    size="compact-sm"
                    variant={
                      inputs.materialType === type && inputs.material === name ? 'filled' : 'light'
                    }
                    onClick={() => {
                      setInputs({ materialType: type, material: name });
                      setDialog(false);
                    }}
                  >
                    {name}
                  </Button>
                ))}
              </Group>
            </Stack>
          ))}
        </Stack>
      </Modal>
    </Stack>
  );
}

/**
 * Spec §2 Change furniture: the element is chosen on the photo or in its list; "Load options"
 * asks for the catalogue's replacements, then one is picked (and a colour on its card).
 */
export function FurniturePanel() {
  const { t } = useTranslation();
  const { ReplacementPicker } = useEditorPorts();
  const notEnoughCredits = useNotEnoughCredits();
  const draft = useEditorStore((state) => state.draft);
  const inputs = useEditorStore((state) => state.inputs);
  const pointsShown = useEditorStore((state) => state.selectionPoints);
  const setSelectionPoints = useEditorStore((state) => state.setSelectionPoints);
  const setInputs = useEditorStore((state) => state.setInputs);
  const [loading, setLoading] = useState(false);
  const options = inputs.replacementOptions;
  const element = inputs.element === null ? undefined : draft.space_elements[inputs.element];
  const loaded = options !== null && options.element === inputs.element;

  const loadOptions = async () => {
    if (element === undefined || inputs.element === null) return;
    const chosen = inputs.element;
    setLoading(true);
    try {
      const products = await getFurnitureReplacements({
        furniture: element.label,
        budget_min: draft.budget_min,
        budget_max: draft.budget_max,
        design_style: inputs.style ?? undefined,
        space_type: draft.space_type || undefined,
      });
      setInputs({ replacementOptions: { element: chosen, products } });
    } catch (error) {
      reportActionError(error, notEnoughCredits);
    } finally {
      setLoading(false);
    }
  };

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
      {draft.space_elements.length === 0 ? (
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
        disabled={element === undefined || loaded}
        loading={loading}
        onClick={() => void loadOptions()}
      >
        {t('tweak.loadOptions')}
      </Button>
      {loaded ? (
        options.products.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('tweak.noReplacements')}
          </Text>
        ) : (
          <ReplacementPicker
            products={options.products}
            selectedId={inputs.replacement?.id ?? null}
            onSelect={(replacement) => setInputs({ replacement, replacementColour: null })}
            selectedColour={inputs.replacementColour}
            onColourSelect={(replacementColour) => setInputs({ replacementColour })}
          />
        )
      ) : null}
    </Stack>
  );
}
