import { Select, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBuildingArch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from '../components/tools-sidebar.module.css';
import { appendBudget } from '../model/generate-form';
import { stylesFor } from '../model/tools';
import { useToolInputs } from '../store/editor-store';
import type { ToolPanelProps, WebTool } from './tool';

/** Spec §2 Architectural style: a choice of style images, each with a name; the design mode. */
function StylePanel({ config }: ToolPanelProps) {
  const { t } = useTranslation();
  const { spaceType, inputs, setInputs } = useToolInputs();

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

export const architecturalStyle: WebTool = {
  Icon: IconBuildingArch,
  Panel: StylePanel,
  canGenerate: (inputs) => inputs.style !== null,
  toForm: (form, { inputs, draft }) => {
    if (inputs.style !== null) form.append('design_style', inputs.style);
    if (inputs.designMode !== null) form.append('design_mode', inputs.designMode);
    // The room's budget: the products a restyle places add up to no more than its MAX.
    appendBudget(form, draft);
  },
};
