import { dockerHubHost, isImageReference } from '@nimbus/api/shared';

/** Image select modes: choose from a registry, or type the image by hand. */
export type ImageSelectMode = 'select' | 'input';

export interface ImageSelection {
  mode: ImageSelectMode;
  registryId?: string;
  host?: string;
  image?: string;
  tag?: string;
  text: string;
}

/** Choosing a registry clears image and tag. */
export function chooseRegistry(
  current: ImageSelection,
  registry: { uuid: string; host: string },
): ImageSelection {
  return { mode: 'select', registryId: registry.uuid, host: registry.host, text: current.text };
}

/** docker.io allows free typing of the image name (the public catalogue). */
export const allowsFreeTyping = (host: string | undefined): boolean => host === dockerHubHost;

/**
 * Select mode emits host/image:tag only with all three; input mode only a non-empty,
 * well-formed reference. Undefined means nothing is emitted.
 */
export function chosenImage(selection: ImageSelection): string | undefined {
  if (selection.mode === 'input') {
    const text = selection.text.trim();
    return text !== '' && isImageReference(text) ? text : undefined;
  }
  const { host, image, tag } = selection;
  if (!host || !image?.trim() || !tag?.trim()) return undefined;
  const reference = `${host}/${image.trim()}:${tag.trim()}`;
  return isImageReference(reference) ? reference : undefined;
}

/** Leaving asks first when something was started but no image is chosen. */
export function leavingNeedsConfirm(
  selection: ImageSelection,
  initial: string | undefined,
): boolean {
  if (chosenImage(selection) !== undefined) return false;
  if (selection.mode === 'select') return selection.registryId !== undefined;
  const text = selection.text.trim();
  return text !== '' && text !== (initial ?? '').trim();
}
