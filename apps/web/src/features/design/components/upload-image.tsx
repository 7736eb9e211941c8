import { Button, FileButton, Stack } from '@mantine/core';
import { IconCamera, IconReplace } from '@tabler/icons-react';
import { useIsMobile } from '@/hooks/use-screen';
import { useTranslation } from 'react-i18next';
import { useEditorStore } from '../store/editor-store';
import { acceptImageFile } from '@/lib/image-file-feedback';
import { ImageDropArea } from './image-drop-area';
import { UploadImageTitle } from './upload-image-title';
import classes from './upload-image.module.css';

/**
 * The upload step's main area (spec §2): the drop area, then the chosen photo with "Replace image".
 * A saved design keeps its photo: its images are stored, and a new photo is a new design.
 */
export function UploadImage({ maxFileSize }: { maxFileSize: number }) {
  const { t } = useTranslation();
  const base = useEditorStore((state) => state.draft.base);
  const isMobile = useIsMobile();
  const isSaved = useEditorStore((state) => state.draft.id !== 0);
  const chooseBaseImage = useEditorStore((state) => state.chooseBaseImage);

  const choose = (file: File | null | undefined) => {
    if (acceptImageFile(file, maxFileSize)) chooseBaseImage(file);
  };

  return (
    <Stack gap="lg">
      <UploadImageTitle />
      {base === null ? (
        <Stack gap="sm">
          <ImageDropArea onFile={choose} />
          {isMobile ? (
            // On a phone the camera is one tap away (issue 13).
            <FileButton onChange={choose} accept="image/*" capture="environment">
              {(props) => (
                <Button {...props} variant="light" leftSection={<IconCamera size={18} />}>
                  {t('design.takePhoto')}
                </Button>
              )}
            </FileButton>
          ) : null}
        </Stack>
      ) : (
        <div className={classes.preview}>
          <img className={classes.previewImage} src={base.url} alt={t('design.photo')} />
          {isSaved ? null : (
            <FileButton onChange={choose} accept="image/*">
              {(props) => (
                <Button
                  {...props}
                  className={classes.replace}
                  variant="white"
                  color="sand.9"
                  leftSection={<IconReplace size={18} />}
                >
                  {t('design.replaceImage')}
                </Button>
              )}
            </FileButton>
          )}
        </div>
      )}
    </Stack>
  );
}
