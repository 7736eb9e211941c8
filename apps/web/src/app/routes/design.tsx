import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';
import { useAuthStore } from '@/features/auth/store/auth-store';
import { creditsLabel } from '@/features/credits/model/credits-label';
import { DesignEditor } from '@/features/design/components/design-editor';
import { useDesignEntry } from '@/features/design/hooks/use-design-entry';
import { useEditorStore } from '@/features/design/store/editor-store';
import { useGlobalConfigStore } from '@/features/global-config/store/global-config-store';
import { useDesignEditorPorts } from '../design-editor-ports';
import { useDesignCommands, useDesignLeaveGuard } from '../design-flow';

export function DesignRoute() {
  const { t } = useTranslation();
  const { id } = useParams();
  const config = useGlobalConfigStore((state) => state.config);
  const loading = useDesignEntry(id);
  const { continueToTweak } = useDesignCommands();
  const inSession = useAuthStore((state) => state.inSession);
  const continuesAfterLogin = useEditorStore((state) => state.nextStepAfterLogin && inSession);
  const ports = useDesignEditorPorts(config?.maxFileSize ?? 0);
  useDesignLeaveGuard();

  // Spec §4: the "next step after login" flag advances the flow once the person is in session.
  useEffect(() => {
    if (continuesAfterLogin) useEditorStore.getState().continueAfterLogin();
  }, [continuesAfterLogin]);

  return (
    <>
      <PageTitle page={t('design.title')} />
      {/* The root layout shows pages only once the config has loaded. */}
      {config === null ? null : (
        <DesignEditor
          config={config.design}
          maxFileSize={config.maxFileSize}
          loading={loading}
          onNext={() => void continueToTweak()}
          creditsLabel={creditsLabel}
          ports={ports}
        />
      )}
    </>
  );
}
