import { IngressForm } from './IngressForm';
import { ResourceFormPage } from './ResourceFormPage';

/** /add/Ingress */
export default function IngressCreatePage() {
  return <ResourceFormPage Form={IngressForm} />;
}
