import { lazy, Suspense } from 'react';
import { useAppSelector } from '../app/hooks';
import { useFocusReturnWhile } from '../components/dialogs/useFocusReturn';
import { loadChunk } from '../routes/loadChunk';

// Dialogs load on first opening, keeping them out of every page's first load.
const PersonalSettingsDialog = lazy(() =>
  loadChunk(() => import('../settings/PersonalSettingsDialog')),
);
const WhyDialog = lazy(() => loadChunk(() => import('../access/WhyDialog')));
const JoinOrganizationDialog = lazy(() =>
  loadChunk(() => import('../organizations/JoinOrganizationDialog')),
);

/** The shell's dialogs that the store opens: personal settings, join-or-create organization, "Why?". */
export function ShellDialogs() {
  const settingsOpen = useAppSelector((state) => state.app.settings.open);
  const joinOpen = useAppSelector((state) => state.app.joinOrganizationOpen);
  const whyOpen = useAppSelector((state) => state.app.why.open);
  // Each is unmounted as it closes, before antd could give focus back to what opened it.
  useFocusReturnWhile(settingsOpen);
  useFocusReturnWhile(joinOpen);
  useFocusReturnWhile(whyOpen);
  return (
    <Suspense fallback={null}>
      {settingsOpen && <PersonalSettingsDialog />}
      {joinOpen && <JoinOrganizationDialog />}
      {whyOpen && <WhyDialog />}
    </Suspense>
  );
}
