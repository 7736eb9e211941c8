import { Button, Chip, ColorSwatch, Group, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconPaint, IconPalette } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useEditorPorts } from '../components/editor-ports';
import { MaskTools } from '../components/mask-tools';
import { WALL_SPACES } from '../model/tools';
import { useEditorStore } from '../store/editor-store';
import type { WebTool } from './tool';

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

/**
 * Spec §2 Wall paint, two steps: the mask with the spaces (Right wall, Front wall, Left wall,
 * Ceiling), then "Choose color" leads to the colour library; going back returns to the mask.
 */
function PaintPanel() {
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

export const wallPaint: WebTool = {
  Icon: IconPaint,
  Panel: PaintPanel,
  canGenerate: (inputs, maskPainted) => maskPainted && inputs.colour !== null,
  toForm: (form, { inputs }) => {
    if (inputs.colour?.kind === 'hex') form.append('color', inputs.colour.hex);
    if (inputs.colour?.kind === 'file') form.append('color_image', inputs.colour.file);
  },
};
