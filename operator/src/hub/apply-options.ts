import { PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';

/** The field manager of every Nimbus write, so `kubectl get --show-managed-fields` names us. */
export const fieldManager = 'nimbus';

/**
 * The generated client sends JSON patch content types; server-side apply needs
 * application/apply-patch+yaml (JSON is valid YAML, so the body stays as is).
 */
export const serverSideApply = setHeaderOptions('Content-Type', PatchStrategy.ServerSideApply);

/** JSON merge patch, for metadata Nimbus changes without taking ownership by apply. */
export const mergePatch = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);
