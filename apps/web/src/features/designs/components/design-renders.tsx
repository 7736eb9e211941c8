import { Anchor, Button, Group, Modal, SimpleGrid, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { Design } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hrefFor } from '@/config/paths';
import { generatedImagesOf } from '../model/designs-list';
import classes from './design-renders.module.css';

/** A render, and its full-resolution download named "<design> - <render>". */
function Render({ url, name, designName }: { url: string; name: string; designName: string }) {
  const { t } = useTranslation();
  return (
    <figure className={classes.render}>
      <img className={classes.renderImage} src={url} alt={name} loading="lazy" />
      <Group component="figcaption" justify="space-between" mt={6} gap="xs" wrap="nowrap">
        <Text size="sm" fw={500} truncate>
          {name}
        </Text>
        <Anchor
          href={`${url}?download=${encodeURIComponent(`${designName} - ${name}`)}`}
          download
          size="sm"
          aria-label={t('designs.download', { name })}
        >
          <IconDownload size={16} aria-hidden />
        </Anchor>
      </Group>
    </figure>
  );
}

interface DesignRendersProps {
  /** Kept after closing, so the dialog keeps its content while it fades out. */
  design: Design | null;
  opened: boolean;
  onClose: () => void;
}

/** Design detail (spec §2): the saved renders of a design, and the way to open it. */
export function DesignRenders({ design, opened, onClose }: DesignRendersProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened && design !== null} onClose={onClose} title={design?.name} size="xl">
      {design === null ? null : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Render
              url={design.base_image}
              name={t('designs.baseImage')}
              designName={design.name}
            />
            <Render
              url={design.state_image}
              name={t('designs.workImage')}
              designName={design.name}
            />
            {generatedImagesOf(design).map(({ name, imageUrl }) => (
              <Render key={imageUrl} url={imageUrl} name={name} designName={design.name} />
            ))}
          </SimpleGrid>
          <Group justify="flex-end" mt="lg">
            <Button component={Link} to={hrefFor('design', { id: String(design.id) })}>
              {t('designs.open')}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
