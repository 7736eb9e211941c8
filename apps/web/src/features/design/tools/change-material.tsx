import { useState } from 'react';
import { Button, ColorSwatch, Group, Modal, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconTexture } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MaskTools } from '../components/mask-tools';
import { useToolInputs } from '../store/editor-store';
import type { ToolPanelProps, WebTool } from './tool';

/**
 * Spec §2 Material change: the mask, a colour, and the material with its type (hint "Select
 * material"), also chosen in the "Select material" dialog. Changing the type clears the material.
 */
function MaterialPanel({ config }: ToolPanelProps) {
  const { t } = useTranslation();
  const { spaceType, inputs, setInputs } = useToolInputs();
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

export const changeMaterial: WebTool = {
  Icon: IconTexture,
  Panel: MaterialPanel,
  canGenerate: (inputs, maskPainted) =>
    maskPainted &&
    inputs.colour?.kind === 'hex' &&
    // A material is named with its type, or neither is.
    (inputs.material === null) === (inputs.materialType === null),
  toForm: (form, { inputs }) => {
    if (inputs.colour?.kind === 'hex') form.append('color', inputs.colour.hex);
    if (inputs.material !== null && inputs.materialType !== null) {
      form.append('material', inputs.material);
      form.append('material_type', inputs.materialType);
    }
  },
};
