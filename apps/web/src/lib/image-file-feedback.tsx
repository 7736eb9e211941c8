import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { i18n } from './i18n';
import { formatFileSize, imageFileProblem, megabytes } from './image-file';
import { notify } from './notify';

/** The "Selected image too large" dialog (spec §2, Dialogs), saying what the limit is. */
function showImageTooLarge(maxFileSizeMb: number) {
  const modalId = modals.open({
    title: i18n.t('common.imageTooLargeTitle'),
    children: (
      <>
        <Text>{i18n.t('uploadErrors.file_too_large')}</Text>
        <Text mb="lg" c="dimmed" size="sm">
          {i18n.t('common.imageTooLargeLimit', { limit: formatFileSize(megabytes(maxFileSizeMb)) })}
        </Text>
        <Group justify="flex-end">
          <Button onClick={() => modals.close(modalId)} data-autofocus>
            {i18n.t('common.close')}
          </Button>
        </Group>
      </>
    ),
  });
}

/**
 * Checks a chosen image (a room photo, an inspiration, a colour or texture sample) before it is
 * used (spec §5, Upload) and tells the person what is wrong: a dialog for a file that is too
 * large, a notification otherwise. True when acceptable.
 */
export function acceptImageFile(
  file: File | null | undefined,
  maxFileSizeMb: number,
): file is File {
  const problem = imageFileProblem(file, maxFileSizeMb);
  if (problem === 'file_too_large') showImageTooLarge(maxFileSizeMb);
  else if (problem !== null) notify('negative', i18n.t(`uploadErrors.${problem}`));
  return problem === null;
}
