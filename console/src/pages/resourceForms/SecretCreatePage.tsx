import { ConfigSecretForm } from './ConfigSecretForm';
import { ResourceFormPage, type CreateFormProps } from './ResourceFormPage';

const SecretForm = (props: CreateFormProps) => <ConfigSecretForm kind="Secret" {...props} />;

/** /add/Secret */
export default function SecretCreatePage() {
  return <ResourceFormPage Form={SecretForm} />;
}
