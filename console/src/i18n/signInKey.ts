import type { SignInMessages } from './loadMessages';

/** The dotted paths to the strings of a message tree. */
type MessagePaths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${MessagePaths<T[K]>}`;
}[keyof T & string];

/**
 * A key of the sign-in screen's own messages (signIn.*.json), the only ones loaded before the
 * console: a key of any other file would show as raw text there.
 */
export type SignInKey = MessagePaths<SignInMessages>;
