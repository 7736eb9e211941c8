import { Center, Loader } from '@mantine/core';
import type { DesignConfig } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '@/hooks/use-screen';
import { stepAt } from '../model/design-flow';
import { useEditorStore } from '../store/editor-store';
import { DesignWorkspace } from './design-workspace';
import { DetailsSidebar } from './details-sidebar';
import { EditorPortsProvider, type DesignEditorPorts } from './editor-ports';
import { MaskSurfaceProvider } from './mask-surface-context';
import { MobileTools } from './mobile-tools';
import { ToolsSidebar } from './tools-sidebar';
import { TweakDesign } from './tweak-design';
import { UploadImage } from './upload-image';

interface DesignEditorProps {
  config: DesignConfig;
  maxFileSize: number;
  /** The design named by the route is still loading. */
  loading: boolean;
  onNext: () => void;
  creditsLabel: (count: number) => string;
  /** Credits, saving and the library pickers, composed by app/. */
  ports: DesignEditorPorts;
}

/** The design flow (spec §2): the current step's main area and its sidebar. */
export function DesignEditor({
  config,
  maxFileSize,
  loading,
  onNext,
  creditsLabel,
  ports,
}: DesignEditorProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const step = useEditorStore((state) => stepAt(state.stepIndex));

  if (loading) {
    return (
      <Center flex={1} py="xl">
        <Loader type="dots" aria-label={t('design.loading')} />
      </Center>
    );
  }
  if (step === 'tweak-design') {
    return (
      <EditorPortsProvider value={ports}>
        <MaskSurfaceProvider>
          <DesignWorkspace
            sidebarLabel={t('design.allTools')}
            sidebar={isMobile ? null : <ToolsSidebar config={config} creditsLabel={creditsLabel} />}
          >
            <TweakDesign />
            {isMobile ? <MobileTools config={config} creditsLabel={creditsLabel} /> : null}
          </DesignWorkspace>
        </MaskSurfaceProvider>
      </EditorPortsProvider>
    );
  }
  return (
    <DesignWorkspace
      sidebarLabel={t('design.details')}
      sidebar={<DetailsSidebar config={config} maxFileSize={maxFileSize} onNext={onNext} />}
    >
      <UploadImage maxFileSize={maxFileSize} />
    </DesignWorkspace>
  );
}
