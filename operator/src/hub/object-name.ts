/**
 * Whether a name could be an object's name on the API server. A name taken from the caller's
 * path goes into the API server's URL as one segment: `.` and `..` would be resolved away and a
 * `/` or `%` would change which resource is addressed, so the API server forbids them in names
 * (apimachinery's path segment rule). Such a name names nothing: it is not found, and is never
 * sent.
 */
export function isPossibleObjectName(name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && !/[/%]/.test(name);
}
