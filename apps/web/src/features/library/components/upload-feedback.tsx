import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { i18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { libraryFileProblem } from '../model/upload-file';

/** The "Selected image too large" dialog (spec §2, Dialogs). */
function showImageTooLarge() {
  const modalId = modals.open({
    title: i18n.t('library.imageTooLargeTitle'),
    children: (
      <>
        <Text mb="lg">{i18n.t('uploadErrors.file_too_large')}</Text>
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
 * Checks an uploaded colour or texture before it is used (spec §5, Upload) and says what is
 * wrong, as the design upload does: a dialog for a file too large, a notification otherwise.
 */
export function acceptLibraryFile(
  file: File | null | undefined,
  maxFileSizeMb: number,
): file is File {
  const problem = libraryFileProblem(file, maxFileSizeMb);
  if (problem === 'file_too_large') showImageTooLarge();
  else if (problem !== null) notify('negative', i18n.t(`uploadErrors.${problem}`));
  return problem === null;
}
