import { Flex, Spin, Typography } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useKindRegistry } from '../../resources/KindRegistryContext';
import { usePageTitleKey } from '../../routes/pageHandle';
import PlaceholderPage from '../placeholder/PlaceholderPage';

/** The form a creation path names: `/add/Namespace` → `Namespace`. */
export const createFormOfPath = (pathname: string): string => {
  const last = pathname.replace(/\/+$/, '').split('/').at(-1) ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
};

/** `/add/<form>`: the creation form of the kind that offers it; a placeholder until one does. */
export default function ResourceCreatePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const titleKey = usePageTitleKey();
  const descriptor = useKindRegistry().descriptorOfCreateForm(createFormOfPath(pathname));
  if (!descriptor?.create) return <PlaceholderPage />;
  const Form = descriptor.create.component;
  return (
    <Flex vertical gap="middle" style={{ padding: 24 }} data-testid="resource-create">
      {titleKey && (
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t(titleKey)}
        </Typography.Title>
      )}
      <Suspense fallback={<Spin />}>
        <Form />
      </Suspense>
    </Flex>
  );
}
