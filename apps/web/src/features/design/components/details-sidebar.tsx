import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Collapse,
  Fieldset,
  FileButton,
  Group,
  Image,
  NumberInput,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconPhotoPlus, IconX } from '@tabler/icons-react';
import { BUDGET_CURRENCY, type DesignConfig } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { budgetMaxBelowMin, canGoNext } from '../model/design-draft';
import { useEditorStore } from '../store/editor-store';
import { acceptImageFile } from '@/lib/image-file-feedback';
import { DetailsSelect } from './details-select';
import classes from './details-sidebar.module.css';

interface DetailsSidebarProps {
  config: Pick<DesignConfig, 'spaces' | 'modes'>;
  maxFileSize: number;
  onNext: () => void;
}

const amountOf = (value: number | string) => (typeof value === 'number' ? value : null);

/** "€" for EUR: the budget fields show the currency they are in. */
const currencySymbol =
  new Intl.NumberFormat('en', { style: 'currency', currency: BUDGET_CURRENCY })
    .formatToParts(0)
    .find((part) => part.type === 'currency')?.value ?? BUDGET_CURRENCY;

/** The upload step's sidebar, "Details" (spec §2). */
export function DetailsSidebar({ config, maxFileSize, onNext }: DetailsSidebarProps) {
  const { t } = useTranslation();
  const draft = useEditorStore((state) => state.draft);
  const updateDetails = useEditorStore((state) => state.updateDetails);
  const chooseInspirationImage = useEditorStore((state) => state.chooseInspirationImage);
  const [moreOpen, setMoreOpen] = useState(
    () => draft.design_mode !== null || draft.inspiration !== null,
  );
  const space = config.spaces.find(({ type }) => type === draft.space_type);
  const isSaved = draft.id !== 0;

  return (
    <Stack gap="lg">
      <Title order={2}>{t('design.details')}</Title>
      <DetailsSelect
        label={t('design.spaceType')}
        placeholder={t('design.choose')}
        data={config.spaces.map(({ type, values }) => ({ value: type, label: values }))}
        value={draft.space_type || null}
        // The design types belong to one space type, so a new space type clears the choice.
        onChange={(type) => updateDetails({ space_type: type ?? '', space_sub_type: '' })}
        allowDeselect={false}
      />
      <DetailsSelect
        label={t('design.designType')}
        placeholder={t('design.choose')}
        data={(space?.sub ?? []).map(({ type, values }) => ({ value: type, label: values }))}
        value={draft.space_sub_type || null}
        onChange={(type) => updateDetails({ space_sub_type: type ?? '' })}
        disabled={space === undefined}
        allowDeselect={false}
      />
      <Fieldset
        legend={t('design.budgetIn', { currency: BUDGET_CURRENCY })}
        variant="unstyled"
        classNames={{ root: classes.fieldset, legend: classes.legend }}
      >
        <Group grow align="flex-start" gap="sm">
          <NumberInput
            label={t('design.budgetMin')}
            leftSection={currencySymbol}
            value={draft.budget_min ?? ''}
            onChange={(value) => updateDetails({ budget_min: amountOf(value) })}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
          />
          <NumberInput
            label={t('design.budgetMax')}
            leftSection={currencySymbol}
            value={draft.budget_max ?? ''}
            onChange={(value) => updateDetails({ budget_max: amountOf(value) })}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            error={budgetMaxBelowMin(draft) ? t('messages.budgetMaxBelowMin') : undefined}
          />
        </Group>
      </Fieldset>
      <Stack gap="sm">
        <UnstyledButton
          className={classes.more}
          onClick={() => setMoreOpen((open) => !open)}
          aria-expanded={moreOpen}
        >
          <Text fw={500} size="sm" c="clay.8">
            {t('design.additionalDetails')}
          </Text>
          <IconChevronDown
            size={18}
            className={classes.chevron}
            data-open={moreOpen || undefined}
          />
        </UnstyledButton>
        <Collapse in={moreOpen}>
          <Stack gap="md" pt="xs">
            <DetailsSelect
              label={t('design.designMode')}
              placeholder={t('design.choose')}
              data={config.modes.map(({ id, name }) => ({ value: id, label: name }))}
              value={draft.design_mode}
              onChange={(mode) => updateDetails({ design_mode: mode })}
              clearable
            />
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                {t('design.inspirationImage')}
              </Text>
              {draft.inspiration === null ? null : (
                <div className={classes.inspiration}>
                  <Image src={draft.inspiration.url} alt={t('design.inspirationImage')} />
                  {isSaved ? null : (
                    <Tooltip label={t('design.removeInspiration')}>
                      <ActionIcon
                        className={classes.removeInspiration}
                        variant="white"
                        color="sand.9"
                        radius="xl"
                        aria-label={t('design.removeInspiration')}
                        onClick={() => chooseInspirationImage(null)}
                      >
                        <IconX size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </div>
              )}
              {isSaved || draft.inspiration !== null ? null : (
                <FileButton
                  accept="image/*"
                  onChange={(file) => {
                    if (acceptImageFile(file, maxFileSize)) chooseInspirationImage(file);
                  }}
                >
                  {(props) => (
                    <Button
                      {...props}
                      variant="default"
                      leftSection={<IconPhotoPlus size={18} />}
                      justify="flex-start"
                    >
                      {t('design.uploadInspiration')}
                    </Button>
                  )}
                </FileButton>
              )}
            </Stack>
          </Stack>
        </Collapse>
      </Stack>
      <Button size="md" fullWidth disabled={!canGoNext(draft)} onClick={onNext}>
        {t('design.next')}
      </Button>
    </Stack>
  );
}
