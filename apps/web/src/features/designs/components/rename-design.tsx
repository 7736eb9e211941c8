import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { Design } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useRenameDesign } from '../api/rename-design';

/** The longest design name the server keeps (contracts: designFieldsSchema.name). */
const NAME_MAX_LENGTH = 120;

interface RenameDesignProps {
  design: Design;
  opened: boolean;
  onClose: () => void;
  onRenamed: (design: Design) => void;
}

/** Renames a design from the list: its name, prefilled; saving shows "Design renamed". */
export function RenameDesign({ design, opened, onClose, onRenamed }: RenameDesignProps) {
  const { t } = useTranslation();
  const rename = useRenameDesign();
  const [name, setName] = useState(design.name);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    setSaving(true);
    setError(null);
    try {
      const renamed = await rename(design.id, name.trim());
      notify('positive', t('designs.renamed'));
      onRenamed(renamed);
      onClose();
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      setError(Object.values(failure.errors ?? {})[0]?.[0] ?? failure.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('designs.renameTitle')}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t('designs.name')}
            description={t('designs.nameHint')}
            value={name}
            maxLength={NAME_MAX_LENGTH}
            error={error}
            onChange={(event) => setName(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('designs.rename')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
