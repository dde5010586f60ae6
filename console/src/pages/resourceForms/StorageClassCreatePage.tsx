import { StorageClassForm } from './StorageClassForm';
import { ResourceFormPage } from './ResourceFormPage';

/** The StorageClass creation form, then the success page. */
export default function StorageClassCreatePage() {
  return <ResourceFormPage Form={StorageClassForm} />;
}
