// An image is written host/image:tag. The host is a registry name (a dot, a port or
// localhost tells it from a path segment, as docker's reference grammar does); a digest may
// stand for the tag.

const host = String.raw`(?:localhost|[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)*\.[a-zA-Z]{2,}|[a-zA-Z0-9.-]+:[0-9]+|(?:[0-9]{1,3}\.){3}[0-9]{1,3}(?::[0-9]+)?)`;
const pathComponent = String.raw`[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*`;
const tag = String.raw`[\w][\w.-]{0,127}`;
const digest = String.raw`[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}`;

const imagePattern = new RegExp(
  String.raw`^(${host})/(${pathComponent}(?:/${pathComponent})*)(?::(${tag}))?(?:@(${digest}))?$`,
);

/** Longest image reference a container may carry (docker's own limit on a name is 255). */
export const maxImageLength = 512;

export interface ImageParts {
  host: string;
  image: string;
  tag?: string;
  digest?: string;
}

/** The parts of `reference`, or undefined when it is not host/image:tag (or @digest). */
export function splitImageReference(reference: string): ImageParts | undefined {
  if (reference.length > maxImageLength) return undefined;
  const match = imagePattern.exec(reference);
  if (!match) return undefined;
  const [, hostPart = '', image = '', tagPart, digestPart] = match;
  if (tagPart === undefined && digestPart === undefined) return undefined;
  return {
    host: hostPart,
    image,
    ...(tagPart === undefined ? {} : { tag: tagPart }),
    ...(digestPart === undefined ? {} : { digest: digestPart }),
  };
}

export const isImageReference = (reference: string): boolean =>
  splitImageReference(reference) !== undefined;
