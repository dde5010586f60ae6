import { ResourceFormPage } from './ResourceFormPage';
import { ServiceForm } from './ServiceForm';

/** /add/Service */
export default function ServiceCreatePage() {
  return <ResourceFormPage Form={ServiceForm} />;
}
