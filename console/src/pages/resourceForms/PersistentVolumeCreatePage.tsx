import { PersistentVolumeForm } from './PersistentVolumeForm';
import { ResourceFormPage } from './ResourceFormPage';

/** The PersistentVolume creation form, then the success page. */
export default function PersistentVolumeCreatePage() {
  return <ResourceFormPage Form={PersistentVolumeForm} />;
}
