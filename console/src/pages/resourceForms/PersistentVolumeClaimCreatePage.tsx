import { PersistentVolumeClaimForm } from './PersistentVolumeClaimForm';
import { ResourceFormPage } from './ResourceFormPage';

/** The PersistentVolumeClaim creation form, then the success page. */
export default function PersistentVolumeClaimCreatePage() {
  return <ResourceFormPage Form={PersistentVolumeClaimForm} />;
}
