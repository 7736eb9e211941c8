import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components/ui/page-container';
import { PageTitle } from '@/components/ui/page-title';
import { useEditorStore } from '@/features/design/store/editor-store';
import { DesignsList } from '@/features/designs/components/designs-list';
import { useDesignCommands } from '../design-flow';

export function DesignsRoute() {
  const { t } = useTranslation();
  const { startNewDesign } = useDesignCommands();
  return (
    <PageContainer>
      <PageTitle page={t('designs.title')} />
      <DesignsList
        onNewDesign={() => void startNewDesign()}
        onDeleted={(id) => {
          // The editor must not go on holding a design that no longer exists.
          const editor = useEditorStore.getState();
          if (editor.draft.id === id) editor.reset();
        }}
        onRenamed={(design) => useEditorStore.getState().adoptSavedName(design)}
      />
    </PageContainer>
  );
}
