import { ConfigSecretForm } from './ConfigSecretForm';
import { ResourceFormPage, type CreateFormProps } from './ResourceFormPage';

const ConfigMapForm = (props: CreateFormProps) => <ConfigSecretForm kind="ConfigMap" {...props} />;

/** /add/ConfigMap */
export default function ConfigMapCreatePage() {
  return <ResourceFormPage Form={ConfigMapForm} />;
}
