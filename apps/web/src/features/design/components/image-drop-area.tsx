import { useState, type DragEvent } from 'react';
import { Text, ThemeIcon } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '@/hooks/use-screen';
import classes from './image-drop-area.module.css';

/**
 * The upload step's drop area (spec §2): click to pick a file or drag one onto it. It reads
 * "Drop file to upload" while a file is over it, and "Upload your image" on mobile.
 */
export function ImageDropArea({ onFile }: { onFile: (file: File | undefined) => void }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [dragging, setDragging] = useState(false);

  const over = (event: DragEvent) => {
    event.preventDefault();
    setDragging(true);
  };
  const leave = (event: DragEvent<HTMLLabelElement>) => {
    // Moving between the area's own children is not leaving it.
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))
      return;
    setDragging(false);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    onFile(event.dataTransfer.files[0]);
  };

  let prompt = t('design.dropArea');
  if (dragging) prompt = t('design.dropFile');
  else if (isMobile) prompt = t('design.uploadTitle');

  return (
    <label
      className={classes.area}
      data-dragging={dragging || undefined}
      onDragEnter={over}
      onDragOver={over}
      onDragLeave={leave}
      onDrop={drop}
    >
      <input
        type="file"
        accept="image/*"
        className={classes.input}
        onChange={(event) => {
          onFile(event.currentTarget.files?.[0]);
          // Choosing the same file again must still count as a choice.
          event.currentTarget.value = '';
        }}
      />
      <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
        <IconPhotoUp size={32} stroke={1.6} />
      </ThemeIcon>
      <Text size="lg" fw={500} c="sand.8">
        {prompt}
      </Text>
    </label>
  );
}
